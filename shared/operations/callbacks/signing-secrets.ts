/**
 * Per-merchant secrets for the X-Callback-Signature header (HMAC-SHA256). Created on first use, stored sealed
 * (SecretBox, bound to the merchant), rotated with an overlap: after a rotation callbacks are signed with the new
 * and the old secret until the overlap ends, so the merchant can switch whenever it likes within that time.
 */
import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../../ports/secret-box.js';
import type { SigningSecretStore, StoredSigningSecrets } from '../../ports/callbacks.js';
import type { Alongside } from '../../ports/transaction-items.js';

const context = (clientKey: string) => `callback-secret:${clientKey}`;
const MAX_CONFLICT_RETRIES = 5;

export function newSigningSecret(): string {
  return `cbs_${randomBytes(32).toString('hex')}`;
}

export interface MerchantSigningSecrets {
  current: string;
  /** Present while the rotation overlap lasts. */
  previous?: string;
  previousUntil?: string;
  rotatedAt: string;
}

export class SigningSecrets {
  private readonly cache = new Map<string, { at: number; value: MerchantSigningSecrets }>();

  constructor(
    private readonly store: SigningSecretStore,
    private readonly box: SecretBox,
    private readonly cacheTtlMs: number,
  ) {}

  /** The secrets to sign with now, current first. */
  async signingKeys(clientKey: string, now: Date): Promise<string[]> {
    const s = await this.get(clientKey, now);
    const overlap = s.previous && s.previousUntil && Date.parse(s.previousUntil) > now.getTime();
    return overlap ? [s.current, s.previous!] : [s.current];
  }

  /** The merchant's secrets (created if it has none yet). */
  async get(clientKey: string, now: Date): Promise<MerchantSigningSecrets> {
    const hit = this.cache.get(clientKey);
    if (hit && now.getTime() - hit.at < this.cacheTtlMs) return hit.value;
    for (let i = 0; i < MAX_CONFLICT_RETRIES; i++) {
      const stored = await this.store.get(clientKey);
      if (stored) return this.remember(clientKey, await this.open(clientKey, stored), now);
      const created: StoredSigningSecrets = {
        current: await this.box.seal(newSigningSecret(), context(clientKey)),
        rotatedAt: now.toISOString(),
        version: 0,
      };
      // Two consumers creating at once: one wins, the other reads the winner's on the next turn.
      if (await this.store.put(clientKey, created, 0)) return this.remember(clientKey, await this.open(clientKey, created), now);
    }
    throw new Error('Callback signing secret: too many concurrent writers');
  }

  /** New current secret; the old one keeps signing for `overlapSeconds`. `alongside`: stored with the rotation's write. */
  async rotate(clientKey: string, now: Date, overlapSeconds: number, opts: Alongside = {}): Promise<MerchantSigningSecrets> {
    await this.get(clientKey, now);
    for (let i = 0; i < MAX_CONFLICT_RETRIES; i++) {
      const stored = (await this.store.get(clientKey))!;
      const next: StoredSigningSecrets = {
        current: await this.box.seal(newSigningSecret(), context(clientKey)),
        previous: stored.current,
        previousUntil: new Date(now.getTime() + overlapSeconds * 1000).toISOString(),
        rotatedAt: now.toISOString(),
        version: stored.version,
      };
      if (await this.store.put(clientKey, next, stored.version, opts))
        return this.remember(clientKey, await this.open(clientKey, next), now);
    }
    throw new Error('Callback signing secret: too many concurrent rotations');
  }

  private async open(clientKey: string, s: StoredSigningSecrets): Promise<MerchantSigningSecrets> {
    return {
      current: await this.box.open(s.current, context(clientKey)),
      ...(s.previous ? { previous: await this.box.open(s.previous, context(clientKey)), previousUntil: s.previousUntil } : {}),
      rotatedAt: s.rotatedAt,
    };
  }

  private remember(clientKey: string, value: MerchantSigningSecrets, now: Date): MerchantSigningSecrets {
    this.cache.set(clientKey, { at: now.getTime(), value });
    return value;
  }
}
