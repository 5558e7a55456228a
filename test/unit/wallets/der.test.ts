/** The ASN.1 reader: OIDs round-trip, and arbitrary bytes only ever fail as Asn1Error (never hang or crash). */
import { expect, it } from 'vitest';
import fc from 'fast-check';
import { Asn1Error, oidOf, parseAsn1 } from '../../../shared/lib/wallets/der.js';
import { indefinite, oid, seq } from './fixtures/der-writer.js';

it('reads OIDs, definite and indefinite lengths', () => {
  expect(oidOf(parseAsn1(oid('1.2.840.113635.100.6.29')))).toBe('1.2.840.113635.100.6.29');
  const nested = parseAsn1(indefinite(0x30, seq(oid('2.5.4.3')), oid('1.2.3')));
  expect(nested.children.map((c) => c.tag)).toEqual([0x30, 0x06]);
  expect(oidOf(nested.children[0]!.children[0])).toBe('2.5.4.3');
});

it('round-trips any OID (property)', () => {
  const arc = fc.integer({ min: 0, max: 2 ** 31 });
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 39 }), fc.array(arc, { maxLength: 8 }), (a, b, rest) => {
      const dotted = [a, b, ...rest].join('.');
      expect(oidOf(parseAsn1(oid(dotted)))).toBe(dotted);
    }),
  );
});

it('fails only with Asn1Error on arbitrary bytes (property)', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      try {
        parseAsn1(Buffer.from(bytes));
      } catch (err) {
        expect(err).toBeInstanceOf(Asn1Error);
      }
    }),
    { numRuns: 500 },
  );
});
