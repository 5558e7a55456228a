/**
 * The KMS encryption context of a data key, on its own so the key ring (kms-data-keys.ts) and the local escrow that
 * re-wraps its keys (local-key-escrow.ts) can both use it without importing each other.
 */

/** KMS encryption context of a data key: CloudTrail shows which purpose and key every unwrap was for. */
export function dataKeyContext(purpose: string, id: string): Record<string, string> {
  return { purpose, id };
}
