/**
 * Envelope encryption with KMS, one box per purpose (card-data, merchant-secrets, wallet-keys): each purpose has its
 * own KMS key and its own data keys (kms-data-keys.ts); secrets are sealed locally with AES-256-GCM.
 *
 * Sealed format: v2.<purpose>.<dataKeyId>.<iv>.<ciphertext>.<tag> (base64url parts); the GCM additional data is
 * "v2:<purpose>:<context>", so a ciphertext opens only as its own purpose and for its own owner.
 * Legacy v1.<dataKeyId>.<iv>.<ciphertext>.<tag> (AAD = context) still opens, with the copy of the legacy data key
 * under this purpose's KMS key (legacy-data-keys.ts); nothing is sealed as v1 any more.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../../lib/config.js';
import type { SecretBox, SecretBoxes } from '../../ports/secret-box.js';
import { KEY_PURPOSES, type KeyPurpose } from '../../lib/resources.js';
import { DataKeyRing, type DataKeyRingOptions } from './kms-data-keys.js';
import { assertLocalGrant } from './local-key-grants.js';

const DAY_MS = 86_400_000;

export class KmsSecretBox implements SecretBox {
  private readonly ring: DataKeyRing;
  readonly purpose: KeyPurpose;

  constructor(opts: DataKeyRingOptions) {
    this.purpose = opts.purpose;
    this.ring = new DataKeyRing(opts);
  }

  async seal(plaintext: string, context: string): Promise<string> {
    assertLocalGrant(`kms:encrypt:${this.purpose}`);
    const { id, key } = await this.ring.activeKey();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad(this.purpose, context));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v2', this.purpose, id, iv.toString('base64url'), ct.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
      '.',
    );
  }

  async open(sealed: string, context: string): Promise<string> {
    assertLocalGrant(`kms:decrypt:${this.purpose}`);
    const parts = sealed.split('.');
    let id: string | undefined, iv: string | undefined, ct: string | undefined, tag: string | undefined;
    let additional: Buffer;
    if (parts[0] === 'v2' && parts.length === 6) {
      if (parts[1] !== this.purpose) throw new Error(`Sealed value is not ${this.purpose}`);
      [, , id, iv, ct, tag] = parts;
      additional = aad(this.purpose, context);
    } else if (parts[0] === 'v1' && parts.length === 5) {
      [, id, iv, ct, tag] = parts;
      additional = Buffer.from(context, 'utf8');
    } else {
      throw new Error('Unrecognised sealed value');
    }
    if (!id || !iv || ct === undefined || !tag) throw new Error('Unrecognised sealed value');
    const key = await this.ring.key(id);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(additional);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }
}

function aad(purpose: KeyPurpose, context: string): Buffer {
  return Buffer.from(`v2:${purpose}:${context}`, 'utf8');
}

/** The KMS key of each purpose, from the configuration. */
export function purposeKeyIds(config: Config): Record<KeyPurpose, string> {
  return {
    'card-data': config.CARD_DATA_KMS_KEY_ID,
    'merchant-secrets': config.MERCHANT_SECRETS_KMS_KEY_ID,
    'wallet-keys': config.WALLET_KEYS_KMS_KEY_ID,
  };
}

export function kmsSecretBoxes(config: Config): SecretBoxes {
  const kmsKeys = purposeKeyIds(config);
  const boxes = {} as SecretBoxes;
  for (const purpose of KEY_PURPOSES) {
    boxes[purpose] = new KmsSecretBox({
      tableName: config.TABLE_NAME,
      purpose,
      kmsKeyId: kmsKeys[purpose],
      maxAgeMs: config.DATA_KEY_MAX_AGE_DAYS * DAY_MS,
      ...(config.LOCAL_KEY_ESCROW_FILE ? { localEscrowFile: config.LOCAL_KEY_ESCROW_FILE } : {}),
    });
  }
  return boxes;
}
