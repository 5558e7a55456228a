/** Checkout and hosted fields: sha1_hex(md5_hex(upper(f1 . f2 … . PASSWORD))); the outer sha1 hashes the hex text. */
import { concat, hexDigest, strtoupper, type HashAlgorithm } from './php.js';

export function checkoutHash(parts: Array<string | undefined>, password: string, algo: HashAlgorithm = 'md5'): string {
  return hexDigest('sha1', hexDigest(algo, strtoupper(concat(...parts.map((p) => (p === '' ? undefined : p)), password))));
}
