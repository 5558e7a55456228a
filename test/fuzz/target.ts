/** What a fuzz target is, and the helpers every route's arbitraries share. */
import fc from 'fast-check';
import type { FuzzFixtures } from './fixtures.js';
import type { Family } from './oracle.js';
import type { FuzzRequest } from './request.js';
import { mutatedFields, randomFields, type Fields } from './bodies.js';
import { junkString } from './values.js';

export interface FuzzTarget {
  /** Unique label, e.g. "POST /post SALE"; the unit of the per-endpoint counts. */
  name: string;
  /** The route table's key ("POST /post"), to prove every public route is covered. */
  route: string;
  /** Route group, for the npm-test sample (a few runs per group). */
  group: string;
  family: Family;
  /** For S2S targets: the action, to prove every action is covered. */
  action?: string;
  requests(fx: FuzzFixtures): fc.Arbitrary<FuzzRequest>;
}

/** PHP-urlencode-like percent-encoding of any string (lone surrogates become U+FFFD instead of throwing). */
export function pct(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8'))
    out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** fetch refuses header values outside visible Latin-1 (a client-side error, not the platform's), so keep to those. */
export const headerSafe = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '').trim();

/** A path segment: a real id most of the time, otherwise hostile text, raw or percent-encoded (broken on purpose too). */
export function segment(valid: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...valid) },
    { weight: 2, arbitrary: junkString.filter((s) => s.length < 5000).map(pct) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%ZZ',
        '%E0%A4%A',
        '%',
        '..',
        '.',
        '%2F',
        '%2e%2e',
        '%00',
        'a'.repeat(4000),
        crypto.randomUUID(),
        '00000000-0000-4000-8000-000000000000',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...valid).map((v) => v.slice(0, -1)) },
  );
}

/** A query string built from pairs whose values may be hostile; sometimes raw and broken. */
export function query(pairs: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const keys = Object.keys(pairs);
  const built = fc
    .record(
      Object.fromEntries(
        keys.map((k) => [
          k,
          fc.option(fc.oneof({ weight: 4, arbitrary: pairs[k]! }, { weight: 1, arbitrary: junkString.filter((s) => s.length < 5000) }), {
            freq: 8,
          }),
        ]),
      ),
    )
    .map((r) =>
      Object.entries(r)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => `${k}=${pct(v as string)}`)
        .join('&'),
    );
  return fc
    .oneof(
      { weight: 6, arbitrary: built },
      {
        weight: 1,
        arbitrary: fc
          .tuple(built, fc.constantFrom('&%ZZ=1', '&token=%E0%A4%A', '&&&', '&token=a&token=b', '&a[b]=1', `&x=${'y'.repeat(10000)}`))
          .map(([q, extra]) => q + extra),
      },
    )
    .map((q) => (q ? `?${q}` : ''));
}

/**
 * The three ways a signed request is fuzzed: every field random and the hash computed over them (reaches past the
 * hash check into validation and the operation); a valid request with a few structural changes, re-signed; and the
 * signed request mutated afterwards (hash no longer matches: the authentication path).
 */
export function signedVariants(
  template: fc.Arbitrary<Fields>,
  sign: (f: Fields) => Fields,
  values: fc.Arbitrary<unknown>,
): fc.Arbitrary<Fields> {
  return fc.oneof(
    { weight: 3, arbitrary: template.chain((t) => randomFields(t, values)).map(sign) },
    { weight: 4, arbitrary: template.chain((t) => mutatedFields(t, values)).map(sign) },
    { weight: 2, arbitrary: template.map(sign).chain((t) => mutatedFields(t, values)) },
  );
}

/** A field value as the hash sees it: strings as sent, anything else contributes nothing. */
export const hs = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Fresh-looking ids drawn by fast-check (not Math.random), so a shrunk case replays the same. */
export const orderId = fc.uuid().map((u) => `fz-${u.slice(0, 18)}`);
