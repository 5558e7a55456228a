/**
 * External 3DS results (mpi_data[...]) on SALE: only the format is checked, exactly as the spec's table says;
 * trans_status N, U or R does not decline. Ignored with auth=Y. Stored as sent, under the 3DS attribute names.
 */
import type { ConnectorAuthentication } from '../../ports/connector.js';
import { FieldReader, MESSAGES, PATTERNS } from '../fields.js';

export const MPI_MESSAGES = {
  exactLength: (n: number) => `This value should have exactly ${n} characters.`,
  uuid: 'This is not a valid UUID.',
};

export interface MpiData {
  /** The 3DS attributes as sent, stored with the payment and echoed in status responses and callbacks. */
  attributes: Record<string, string>;
  /** authentication_value (the cryptogram) for the acquirer: never stored. */
  authentication: ConnectorAuthentication;
}

export function readMpiData(f: FieldReader): MpiData | undefined {
  const raw = f.raw('mpi_data');
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    f.fail('mpi_data', MESSAGES.invalid);
    return undefined;
  }
  const m = new FieldReader(raw);
  const eci = m.required('eci');
  if (eci && eci.length !== 2) m.fail('eci', MPI_MESSAGES.exactLength(2));
  const authenticationValue = m.required('authentication_value', { min: 28, max: 64 });
  const dsTransId = m.required('ds_trans_id', { pattern: PATTERNS.uuid, patternMessage: MPI_MESSAGES.uuid });
  const version = m.required('3ds_version', { pattern: /^\d+\.\d+\.\d+$/ });
  const transStatus = m.optional('trans_status', { pattern: /^[A-Z]$/ });
  const xid = m.optional('xid', { max: 64 });
  for (const e of m.errors) f.fail(`mpi_data[${e.field}]`, e.message);
  if (m.errors.length) return undefined;
  const attributes = {
    eci,
    dsTransID: dsTransId,
    protocolVersion: version,
    ...(transStatus ? { transStatus } : {}),
    ...(xid ? { xid } : {}),
    // The spec allows only Frictionless or Challenge; a result the merchant brings needed no challenge of ours.
    authenticationFlow: 'Frictionless',
  };
  return { attributes, authentication: { value: authenticationValue, eci, dsTransId, protocolVersion: version } };
}
