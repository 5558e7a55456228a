/**
 * A stand-in for the merchant's identity provider: a JWKS served on 127.0.0.1 and tokens signed with jose, so the
 * merchant backend's JWT check runs exactly as against a real provider. A second key pair, never published, signs
 * the "wrong key" tokens.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export const ISSUER = 'https://id.shop.example/';
export const AUDIENCE = 'shop-app';

export interface AppIdentity {
  jwksUrl: string;
  /** A token for `sub`; `over` changes what a bad token needs (expired, other audience, the unpublished key). */
  token(sub: string, over?: { audience?: string; issuer?: string; expiresAt?: number; unpublishedKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function startAppIdentity(): Promise<AppIdentity> {
  const published = await generateKeyPair('ES256');
  const unpublished = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'app-key-1', alg: 'ES256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    async token(sub, over = {}) {
      const key: CryptoKey = over.unpublishedKey ? unpublished.privateKey : published.privateKey;
      return new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: 'app-key-1' })
        .setSubject(sub)
        .setIssuer(over.issuer ?? ISSUER)
        .setAudience(over.audience ?? AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(over.expiresAt ?? '10m')
        .sign(key);
    },
    close: () => new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
