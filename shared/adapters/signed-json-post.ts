/**
 * One SigV4-signed POST of a JSON body to an AWS JSON-protocol endpoint (DynamoDB's data plane, KMS), on kept-alive
 * connections, signed with the SDK's own signer (@smithy/signature-v4). It answers the status and the body's text, or
 * undefined when no answer came (a reset connection, a refused connect): the caller decides what a retry is.
 */
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Agent, IncomingMessage } from 'node:http';

export interface Identity {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** The account the credentials belong to, when the provider says (DynamoDB's account-based endpoints use it). */
  accountId?: string;
}

export interface SignedAnswer {
  status: number;
  text: string;
  requestId?: string;
}

export class SignedJsonPost {
  /**
   * node:http or node:https and its kept-alive agent, loaded on the first request: loading node:http at import costs a
   * Lambda's cold start ~8 ms on Node 22 (it brings http2, zlib, perf_hooks and undici), and the SDK defers it too.
   */
  private readonly transports = new Map<string, Promise<{ request: typeof import('node:http').request; agent: Agent }>>();
  // A signer per identity: it caches its signing key per day, and a refreshed identity is a new object.
  private signer?: SignatureV4;
  private signerOf?: Identity;
  private signerRegion?: string;

  constructor(private readonly service: string) {}

  /** `target` is the operation's X-Amz-Target, `contentType` the protocol's (application/x-amz-json-1.0 or 1.1). */
  async post(url: URL, region: string, identity: Identity, target: string, contentType: string, body: string, clockOffsetMs = 0): Promise<SignedAnswer | undefined> {
    if (this.signerOf !== identity || this.signerRegion !== region) {
      this.signer = new SignatureV4({ service: this.service, region, credentials: identity, sha256: Sha256 });
      this.signerOf = identity;
      this.signerRegion = region;
    }
    const { headers } = await this.signer!.sign(
      {
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port ? Number(url.port) : undefined,
        path: url.pathname,
        query: {},
        headers: { host: url.host, 'content-type': contentType, 'x-amz-target': target, 'content-length': String(Buffer.byteLength(body)) },
        body,
      },
      { signingDate: new Date(Date.now() + clockOffsetMs) },
    );
    const { request, agent } = await this.transport(url.protocol);
    return new Promise((resolve) => {
      const req = request(
        { agent, hostname: url.hostname, port: url.port || undefined, method: 'POST', path: url.pathname, headers },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', () => resolve(undefined));
          res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8'), requestId: res.headers['x-amzn-requestid'] as string | undefined }));
        },
      );
      req.on('error', () => resolve(undefined));
      req.end(body);
    });
  }

  destroy(): void {
    for (const t of this.transports.values()) void t.then(({ agent }) => agent.destroy());
    this.transports.clear();
  }

  private transport(protocol: string) {
    let t = this.transports.get(protocol);
    if (!t) {
      t = (protocol === 'https:' ? import('node:https') : import('node:http')).then((m) => ({
        request: m.request as typeof import('node:http').request,
        agent: new m.Agent({ keepAlive: true, maxSockets: 50 }),
      }));
      this.transports.set(protocol, t);
    }
    return t;
  }
}
