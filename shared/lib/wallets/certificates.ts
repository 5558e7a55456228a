/** PEM certificates (the configured Apple Pay roots), read by node:crypto; apart from apple-pay.ts, which loads lazily. */
import { X509Certificate } from 'node:crypto';

/** One or more PEM certificates (the configured roots). */
export function parseCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error('No PEM certificate found');
  return blocks.map((b) => new X509Certificate(b));
}
