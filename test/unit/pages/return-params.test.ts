/**
 * Security issue 8 item 6: return URLs carry the callback's hash, which covers the ids, not the outcome, so nothing
 * in the platform may trust a return-URL parameter. The platform's handlers read query strings only for their own
 * one-off page tokens and frame parameters; this keeps any of them from reading a return parameter back.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const files = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
const SOURCES = [...files('functions'), ...files('shared')];

/** Names read from a query string: `queryStringParameters?.x`, `q.x` after `const q = event.queryStringParameters`, `searchParams.get('x')`. */
function queryNames(source: string): string[] {
  const names = [...source.matchAll(/queryStringParameters\??\.(\w+)/g)].map((m) => m[1]!);
  const alias = /const (\w+) = event\.queryStringParameters/.exec(source)?.[1];
  if (alias) names.push(...[...source.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))].map((m) => m[1]!));
  names.push(...[...source.matchAll(/searchParams\.get\(['"](\w+)['"]\)/g)].map((m) => m[1]!));
  return names;
}

describe('return-URL parameters', () => {
  it('are never read back by the platform: query strings carry only page tokens and frame parameters', () => {
    const read = new Map<string, string[]>();
    for (const file of SOURCES) {
      const names = queryNames(readFileSync(join(ROOT, file), 'utf8'));
      if (names.length) read.set(file, [...new Set(names)].sort());
    }
    expect(read.size).toBeGreaterThan(0);
    const allowed = new Set(['token', 'PaReq', 'origin', 'channel', 'operation']);
    for (const [file, names] of read) {
      expect(
        names.filter((n) => !allowed.has(n)),
        file,
      ).toEqual([]);
    }
    for (const [file] of read) {
      for (const param of ['payment_id', 'trans_id', 'order_id', 'hash'])
        expect(queryNames(readFileSync(join(ROOT, file), 'utf8'))).not.toContain(param);
    }
  });
});
