/**
 * KMS's three calls the platform makes (GenerateDataKey, Decrypt, Encrypt) as signed JSON requests (the JSON 1.1
 * protocol: blobs are base64 strings), in place of the SDK's KMS client: that client was ~27 KiB of every function
 * that seals or opens data, for calls a container makes once per data key (kms-data-keys.ts caches the keys).
 * Retried as the SDK's standard mode retries (throttling, 5xx and no answer; 3 attempts, jittered backoff).
 */
import { SignedJsonPost, type Identity } from './signed-json-post.js';

export interface KmsHttpSettings {
  region: string;
  /** Set locally and in tests (moto); otherwise the region's public endpoint. */
  endpoint?: string;
  credentials: () => Identity;
}

type Context = Record<string, string>;

/** KMS refused the request: `name` is its error type (InvalidCiphertextException, NotFoundException, ...). */
export class KmsError extends Error {
  constructor(
    name: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = name;
  }
}

const ATTEMPTS = 3;
const THROTTLING = new Set(['ThrottlingException', 'LimitExceededException', 'KMSInternalException', 'RequestLimitExceeded']);

export class KmsHttp {
  private readonly http = new SignedJsonPost('kms');
  private readonly url: URL;
  private readonly observers = new Set<(operation: string) => void>();

  constructor(private readonly settings: KmsHttpSettings) {
    this.url = new URL(settings.endpoint ?? `https://kms.${settings.region}.amazonaws.com`);
  }

  async generateDataKey(input: { KeyId: string; KeySpec: 'AES_256'; EncryptionContext?: Context }): Promise<{ KeyId: string; Plaintext: Uint8Array; CiphertextBlob: Uint8Array }> {
    const out = await this.call('GenerateDataKey', input);
    return { KeyId: out.KeyId, Plaintext: blob(out.Plaintext), CiphertextBlob: blob(out.CiphertextBlob) };
  }

  async decrypt(input: { KeyId?: string; CiphertextBlob: Uint8Array; EncryptionContext?: Context }): Promise<{ KeyId: string; Plaintext: Uint8Array }> {
    const out = await this.call('Decrypt', { ...input, CiphertextBlob: base64(input.CiphertextBlob) });
    return { KeyId: out.KeyId, Plaintext: blob(out.Plaintext) };
  }

  async encrypt(input: { KeyId: string; Plaintext: Uint8Array; EncryptionContext?: Context }): Promise<{ KeyId: string; CiphertextBlob: Uint8Array }> {
    const out = await this.call('Encrypt', { ...input, Plaintext: base64(input.Plaintext) });
    return { KeyId: out.KeyId, CiphertextBlob: blob(out.CiphertextBlob) };
  }

  /** Called with the operation's name before each call (the bench counts KMS requests per payment); returns the detach. */
  observe(fn: (operation: string) => void): () => void {
    this.observers.add(fn);
    return () => this.observers.delete(fn);
  }

  destroy(): void {
    this.http.destroy();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- KMS's answer, read member by member
  private async call(operation: string, input: object): Promise<Record<string, any>> {
    for (const fn of this.observers) fn(operation);
    const body = JSON.stringify(input);
    for (let attempt = 1; ; attempt++) {
      const res = await this.http.post(this.url, this.settings.region, this.settings.credentials(), `TrentService.${operation}`, 'application/x-amz-json-1.1', body);
      let parsed: Record<string, unknown> = {};
      try {
        parsed = res?.text ? JSON.parse(res.text) : {};
      } catch {
        // An unreadable answer is judged by its status below.
      }
      if (res?.status === 200) return parsed;
      const type = res ? String(parsed.__type ?? `Http${res.status}`).split('#').pop()! : 'NoAnswer';
      const again = !res || res.status >= 500 || THROTTLING.has(type);
      if (!again || attempt >= ATTEMPTS) throw new KmsError(type, res?.status ?? 0, String(parsed.message ?? parsed.Message ?? type));
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20_000, 100 * 2 ** attempt)));
    }
  }
}

const base64 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');
const blob = (s: unknown) => new Uint8Array(Buffer.from(String(s ?? ''), 'base64'));
