/**
 * One SigV4-signed POST of a JSON body to an AWS JSON-protocol endpoint (DynamoDB's data plane, KMS), on kept-alive
 * connections, signed with the SDK's own signer (@smithy/signature-v4). It answers the status and the body's text, or
 * undefined when no answer came (a reset connection, a refused connect): the caller decides what a retry is.
 */
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

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
  // Lambda bundles take node:http and node:https through require (infra/lambda-bundle/http.ts): importing them
  // statically costs a cold start well under a millisecond there, not the ~18 ms of their ESM facades.
  private readonly agents = { 'http:': new HttpAgent({ keepAlive: true, maxSockets: 50 }), 'https:': new HttpsAgent({ keepAlive: true, maxSockets: 50 }) };
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
    const https = url.protocol === 'https:';
    return new Promise((resolve) => {
      const req = (https ? httpsRequest : httpRequest)(
        { agent: https ? this.agents['https:'] : this.agents['http:'], hostname: url.hostname, port: url.port || undefined, method: 'POST', path: url.pathname, headers },
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
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}
