/**
 * `npm run merchant-backend`: PLATFORM_URL, MERCHANT_KEY, MERCHANT_PASSWORD, PORT, and for sign-in APP_JWKS_URL,
 * APP_JWT_ISSUER, APP_JWT_AUDIENCE (see docs/mobile-sdk.md). Without those three every request is refused (401);
 * without your own priceOrder (merchant-hooks.ts) no session is created.
 */
import { refuseEveryone } from './auth/app-user.js';
import { jwksAuthenticator } from './auth/jwks.js';
import { readConfig } from './config.js';
import { startBackendServer } from './http-server.js';
import { priceOrder } from './merchant-hooks.js';

const config = readConfig();
const authenticate = config.appJwt ? jwksAuthenticator(config.appJwt) : refuseEveryone;
const running = await startBackendServer(config, { host: process.env.HOST ?? '127.0.0.1', authenticate, priceOrder });
console.log(`merchant backend on ${running.url} → ${config.platformUrl} (merchant ${config.merchantKey})`);
if (!config.appJwt) console.warn('no APP_JWKS_URL / APP_JWT_ISSUER / APP_JWT_AUDIENCE: every request is refused (401)');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void running.close().then(() => process.exit(0)));
