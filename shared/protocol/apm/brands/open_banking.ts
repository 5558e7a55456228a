/** Open-banking method: the payee's account, named by one or more identifications. */
import { defineBrand } from '../descriptor.js';

const TYPES = [
  'SORT_CODE',
  'ACCOUNT_NUMBER',
  'IBAN',
  'BBAN',
  'BIC',
  'PAN',
  'MASKED_PAN',
  'MSISDN',
  'BSB',
  'NCC',
  'ABA',
  'ABA_WIRE',
  'ABA_ACH',
  'EMAIL',
  'ROLL_NUMBER',
  'BLZ',
  'IFS',
  'CLABE',
  'CTN',
  'BRANCH_CODE',
  'VIRTUAL_ACCOUNT_ID',
] as const;

export default /* @__PURE__ */ defineBrand({
  brand: 'open_banking',
  group: 'Open-banking method',
  flow: 'redirect',
  provider: 'sandbox-apm',
  actions: ['SALE'],
  hold: 'A payment initiation the payer approves at their bank: executed at once, nothing is held.',
  identifier: 'optional',
  parameters: {
    payee_name: { presence: 'required', length: { max: 255 } },
    payee_country: { presence: 'required', pattern: /^[A-Z]{2}$/, doc: 'ISO 3166-1 alpha-2' },
    payee_identifications: {
      presence: 'required',
      items: {
        type: { presence: 'required', oneOf: TYPES },
        identification: { presence: 'required', length: { max: 255 } },
      },
      doc: 'list: parameters[payee_identifications][0][type], [0][identification], …',
    },
  },
});
