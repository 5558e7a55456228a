/**
 * A function as CDK bundles it (esbuild with LAMBDA_BUNDLING: ESM, minified, the SDK's ESM builds) still works:
 * the bundled S2S CARD handler takes a SALE against the local platform's table, queue and keys. Bundling options
 * that break at run time (a CommonJS-only dependency, a missing `require`) fail here rather than after a deploy.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { LAMBDA_BUNDLING, lambdaAliases } from '../../infra/constructs/platform-function.js';
import type { RunningPlatform } from '../../scripts/local/platform.js';
import { REPO_ROOT } from '../../scripts/local/handlers.js';
import { lambdaContext } from '../../scripts/local/gateway.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { encodeForm } from '../../shared/protocol/form.js';
import { startTestPlatform, testMerchant } from '../support/platform.js';
import { saleFields } from '../support/s2s.js';

let platform: RunningPlatform;
let merchant: Merchant;

beforeAll(async () => {
  platform = await startTestPlatform();
  merchant = await testMerchant();
});
afterAll(async () => {
  await platform?.stop();
});

function postEvent(body: string): APIGatewayProxyEventV2 {
  const http = { method: 'POST', path: '/post', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bundle-smoke' };
  return {
    version: '2.0',
    routeKey: 'POST /post',
    rawPath: '/post',
    rawQueryString: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    requestContext: { accountId: '0', apiId: 'smoke', domainName: 'localhost', domainPrefix: 'local', http, requestId: 'smoke', routeKey: 'POST /post', stage: '$default', time: '', timeEpoch: 0 },
    body,
    isBase64Encoded: false,
  };
}

describe('the bundled handler', () => {
  it('S2S CARD /post, bundled like CDK bundles it, settles a SALE', async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'bundle-')), 'post.mjs');
    const { target, minify, mainFields, banner } = LAMBDA_BUNDLING;
    await build({ entryPoints: [join(REPO_ROOT, 'functions/s2s-card/post.ts')], bundle: true, platform: 'node', format: 'esm', target, minify, mainFields, banner: { js: banner }, alias: lambdaAliases(REPO_ROOT), outfile });
    const { handler } = (await import(pathToFileURL(outfile).href)) as { handler: (e: APIGatewayProxyEventV2, c: unknown) => Promise<APIGatewayProxyStructuredResultV2> };
    const res = await handler(postEvent(encodeForm(saleFields(merchant))), lambdaContext('S2sCardPost'));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
  }, 60_000);
});
