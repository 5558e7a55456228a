/**
 * A proxy before a local AWS emulator (DynamoDB Local, moto) for tests of the platform's own signed requests: it
 * records each request (whether the SDK's pipeline sent it, its X-Amz-Target), checks its SigV4 signature by signing
 * the request as received again, and can answer chosen failures instead of forwarding.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

const LOCAL = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface Seen { sdk: boolean; target: string; signatureOk: boolean }

/** A proxy before DynamoDB Local: records each request, checks its signature, and can answer `fail` instead. */
export function awsProxy(target: string, service: string) {
  const seen: Seen[] = [];
  let fail: { status: number; body: string }[] = [];
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ sdk: req.headers['amz-sdk-invocation-id'] !== undefined, target: String(req.headers['x-amz-target']), signatureOk: await signatureOk(service, req.headers as Record<string, string>, body) });
      const next = fail.shift();
      if (next) {
        res.writeHead(next.status, { 'content-type': 'application/x-amz-json-1.0' }).end(next.body);
        return;
      }
      const out = request({ hostname: upstream.hostname, port: upstream.port, method: 'POST', path: '/', headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 500, up.headers);
        up.pipe(res);
      });
      out.end(body);
    });
  });
  return {
    seen,
    failNext: (...answers: { status: number; body: string }[]) => (fail = answers),
    listen: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Re-signs the request as received (its signed headers and body) and compares the signature. */
async function signatureOk(service: string, headers: Record<string, string>, body: string): Promise<boolean> {
  const auth = new RegExp(`Credential=[^/]+/\\d+/([^/]+)/${service}/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)`).exec(headers.authorization ?? '');
  if (!auth) return false;
  const [, region, signedHeaders, signature] = auth;
  const names = signedHeaders!.split(';');
  const d = headers['x-amz-date']!;
  const signingDate = new Date(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(9, 11)}:${d.slice(11, 13)}:${d.slice(13, 15)}Z`);
  const [hostname, port] = headers.host!.split(':');
  const signed = await new SignatureV4({ service, region: region!, credentials: LOCAL, sha256: Sha256 }).sign(
    { method: 'POST', protocol: 'http:', hostname: hostname!, port: Number(port), path: '/', query: {}, headers: Object.fromEntries(names.filter((n) => n !== 'x-amz-date').map((n) => [n, headers[n]!])), body },
    { signingDate },
  );
  return signed.headers.authorization?.endsWith(`Signature=${signature}`) ?? false;
}

