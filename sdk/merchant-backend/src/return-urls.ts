/**
 * The return URLs an app may ask for: with ALLOWED_RETURN_URLS set, only under those prefixes, so a tampered app
 * cannot send payers (with their payment ids and hashes) to someone else's page.
 */
import type { WireProblem } from '@open-payments/mobile-sdk';

const FIELDS = ['success_url', 'cancel_url', 'error_url', 'expiry_url'] as const;

export function returnUrlProblems(body: Record<string, unknown>, allowed: string[]): WireProblem[] {
  if (!allowed.length) return [];
  const problems: WireProblem[] = [];
  for (const field of FIELDS) {
    const value = body[field];
    if (typeof value === 'string' && !allowed.some((prefix) => value.startsWith(prefix))) {
      problems.push({ field, message: 'This URL is not allowed by the merchant.' });
    }
  }
  return problems;
}
