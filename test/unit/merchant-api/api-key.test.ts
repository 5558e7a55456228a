/** The shape of merchant API keys (shared/domain/api-key.ts): prefixes by type and stage kind, the hint, the hash. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiKeyHash, hashesEqual, looksLikeApiKey, newApiKey } from '../../../shared/domain/api-key.js';

const make = (kind: 'secret' | 'read_only', stageKind: 'live' | 'sandbox') =>
  newApiKey({ clientKey: 'ck', kind, stageKind, createdBy: 'test', now: new Date('2026-12-01T00:00:00Z') });

describe('merchant API keys', () => {
  it('carry their type and stage kind in the prefix, 43 random characters after it', () => {
    expect(make('secret', 'live').key).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(make('secret', 'sandbox').key).toMatch(/^sk_test_[A-Za-z0-9_-]{43}$/);
    expect(make('read_only', 'live').key).toMatch(/^rk_live_[A-Za-z0-9_-]{43}$/);
    expect(make('read_only', 'sandbox').key).toMatch(/^rk_test_[A-Za-z0-9_-]{43}$/);
    expect(make('secret', 'live').key).not.toBe(make('secret', 'live').key);
  });

  it('keep a hint and the SHA-256, never the key', () => {
    const made = make('read_only', 'sandbox');
    expect(made.hash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(made.record.hint).toBe(`rk_test_…${made.key.slice(-4)}`);
    expect(JSON.stringify(made.record)).not.toContain(made.key);
    expect(made.record).toMatchObject({
      clientKey: 'ck',
      kind: 'read_only',
      keyId: expect.stringMatching(/^key_[0-9a-f]{24}$/),
      createdAt: '2026-12-01T00:00:00.000Z',
    });
  });

  it('refuse anything not shaped like a key before a lookup, and compare hashes exactly', () => {
    const { key } = make('secret', 'sandbox');
    expect(looksLikeApiKey(key)).toBe(true);
    for (const bad of ['', key.slice(0, -1), `${key}x`, key.replace('sk_', 'pk_'), key.replace('_test_', '_prod_'), `${key.slice(0, -1)}!`])
      expect(looksLikeApiKey(bad)).toBe(false);
    expect(hashesEqual(apiKeyHash(key), apiKeyHash(key))).toBe(true);
    expect(hashesEqual(apiKeyHash(key), apiKeyHash(`${key.slice(0, -1)}A`))).toBe(key.endsWith('A'));
    expect(hashesEqual(apiKeyHash(key), 'short')).toBe(false);
  });
});
