/** `npm run merchant-backend`: PLATFORM_URL, MERCHANT_KEY, MERCHANT_PASSWORD, PORT (see docs/mobile-sdk.md). */
import { readConfig } from './config.js';
import { startBackendServer } from './http-server.js';

const config = readConfig();
const running = await startBackendServer(config, { host: process.env.HOST ?? '127.0.0.1' });
console.log(`merchant backend on ${running.url} → ${config.platformUrl} (merchant ${config.merchantKey})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void running.close().then(() => process.exit(0)));
