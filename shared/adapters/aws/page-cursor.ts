/**
 * A listing's page cursor: DynamoDB's LastEvaluatedKey as opaque base64url JSON. Decoding never throws (a cursor
 * edited by hand is no cursor); each listing still checks the key belongs to it before it becomes ExclusiveStartKey.
 */
import { parseJson } from '@open-payments/protocol';

export const encodeCursor = (key: Record<string, unknown> | undefined): string | undefined =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = parseJson(Buffer.from(cursor, 'base64url').toString('utf8'));
    return key && typeof key === 'object' && !Array.isArray(key) ? (key as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
