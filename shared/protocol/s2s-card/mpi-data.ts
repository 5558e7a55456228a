/**
 * External 3DS results (mpi_data[...]) on SALE: only the format is checked, exactly as the spec's table says;
 * trans_status N, U or R does not decline. Ignored with auth=Y. Stored as sent, under the 3DS attribute names.
 */
import type { ConnectorAuthentication } from '../../ports/connector.js';
import { FieldReader, MESSAGES, PATTERNS } from '../fields.js';
import { optional, raw, readFields, required } from '../form-spec.js';

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

/** The group, read as sent: its fields (MPI_DATA_FIELDS) are checked inside it, each error named mpi_data[...]. */
export const MPI_DATA = { mpi_data: raw() };

export const MPI_DATA_FIELDS = {
  eci: required({}, { check: (v) => (v.length === 2 ? undefined : MPI_MESSAGES.exactLength(2)) }),
  authentication_value: required({ min: 28, max: 64 }),
  ds_trans_id: required({ pattern: PATTERNS.uuid, patternMessage: MPI_MESSAGES.uuid }),
  '3ds_version': required({ pattern: /^\d+\.\d+\.\d+$/ }),
  trans_status: optional({ pattern: /^[A-Z]$/ }),
  xid: optional({ max: 64 }),
};

export function readMpiData(f: FieldReader): MpiData | undefined {
  const { mpi_data: group } = readFields(f, MPI_DATA);
  if (group === undefined || group === '') return undefined;
  if (typeof group !== 'object' || Array.isArray(group)) {
    f.fail('mpi_data', MESSAGES.invalid);
    return undefined;
  }
  const m = new FieldReader(group);
  const {
    eci,
    authentication_value: authenticationValue,
    ds_trans_id: dsTransId,
    '3ds_version': version,
    trans_status: transStatus,
    xid,
  } = readFields(m, MPI_DATA_FIELDS);
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
