/**
 * Lambda bundles use this module in place of @smithy/core/checksum (LAMBDA_BUNDLING's alias): the SDK clients take
 * only `Sha256` from it (request signing), which node:crypto provides. The package's module also carries the pure-JS
 * SHA-256, CRC32 and MD5 fallbacks for runtimes without node:crypto (~4 KiB). An SDK module that imports anything
 * else from it fails the bundle build (esbuild: no matching export), not a request.
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';

type Data = string | ArrayBuffer | ArrayBufferView;

function bytes(data: Data): Buffer | string {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

/** Same behaviour as @smithy/core's Sha256Node: a SHA-256, or an HMAC-SHA256 when given a secret. */
export class Sha256 {
  readonly digestLength = 32;
  private hash: Hash | Hmac;
  private finished = false;

  constructor(private readonly secret?: Data) {
    this.hash = this.create();
  }

  update(data: Data): void {
    if (this.finished) throw new Error('Attempted to update an already finished hash.');
    this.hash.update(bytes(data));
  }

  async digest(): Promise<Uint8Array> {
    // An HMAC is final once digested; a plain hash digests a copy and may go on (as Sha256Node does).
    let buf: Buffer;
    if (this.secret) {
      this.finished = true;
      buf = this.hash.digest();
    } else {
      buf = (this.hash as Hash).copy().digest();
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  reset(): void {
    this.hash = this.create();
    this.finished = false;
  }

  private create(): Hash | Hmac {
    return this.secret ? createHmac('sha256', bytes(this.secret)) : createHash('sha256');
  }
}

/** Same behaviour as @smithy/core's Md5Node (SQS checks its messages' MD5 with it). */
export class Md5 {
  readonly digestLength = 16;
  private hash = createHash('md5');

  update(data: Data): void {
    this.hash.update(bytes(data));
  }

  async digest(): Promise<Uint8Array> {
    const buf = this.hash.copy().digest();
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  reset(): void {
    this.hash = createHash('md5');
  }
}
