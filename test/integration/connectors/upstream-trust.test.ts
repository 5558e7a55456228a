/**
 * What the upstream connector trusts, against stand-ins for what an upstream URL may point at (test/support/
 * fake-gateway.ts): a redirect is never followed (card data never leaves for where it points, and what answers there
 * decides nothing), the URL is vetted like a callback URL at creation and on every use, a new MID's URL and
 * credentials are probed once, its URL may be the base or the /post endpoint, and its password comes from a file or
 * standard input. The round trips with a real upstream (a second platform) are in upstream.test.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_FLAG_REFUSED, runMidsCommand } from '../../../scripts/admin/mids.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { buildConnectors } from '../../../shared/adapters/connectors/index.js';
import { createMerchant, createMid } from '../../../shared/operations/admin/merchants.js';
import { setRouting } from '../../../shared/operations/routing/manage.js';
import { formula2 } from '../../../shared/protocol/signature.js';
import { midCredentialsContext } from '../../../shared/ports/connector.js';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { upstreamConnector } from '../../../shared/adapters/connectors/upstream.js';
import { acquirerAddressRules, pinnedTransport } from '../../../shared/adapters/connectors/http-transport.js';
import { saleFields, SANDBOX_CARD } from '../../support/s2s.js';
import { startFakeGateway, type FakeGateway } from '../../support/fake-gateway.js';

const UPSTREAM_KEY = 'upstream-client-key';
const UPSTREAM_PASSWORD = 'upstream-password-0123456789';
const creds = { client_key: UPSTREAM_KEY, password: UPSTREAM_PASSWORD };

const platform = usePlatform({ UPSTREAM_TIMEOUT_MS: '3000', RECONCILE_GRACE_SECONDS: '0' });
let gateway: FakeGateway;
let elsewhere: FakeGateway;

beforeAll(async () => {
  gateway = await startFakeGateway();
  elsewhere = await startFakeGateway();
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await elsewhere?.close();
});

const newMerchant = () => createMerchant(deps(), { name: 'Upstream Shop' });
const upstreamMid = (merchant: Merchant, url: string, credentials: Record<string, string> = creds) =>
  createMid(deps(), merchant.clientKey, { connector: 'upstream', connectorSettings: { url }, credentials });
const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
/** The problems a refused MID creation names (ValidationError's field messages). */
async function refusal(created: Promise<unknown>): Promise<string> {
  const err = await created.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ValidationError);
  return (err as ValidationError).fieldErrors.map((f) => f.message).join('\n');
}

describe('a redirect is never followed', () => {
  it('a 307 from the upstream: the payment is UNDEFINED, and the card never goes where it points (whose "approval" decides nothing)', async () => {
    const merchant = await newMerchant();
    await upstreamMid(merchant, gateway.url);
    gateway.mode = 'redirect';
    gateway.redirectTo = `${elsewhere.url}/post`;
    elsewhere.mode = 'protocol';
    try {
      const res = await post(saleFields(merchant));
      expect(res.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
      expect(gateway.received.filter((r) => r.form.action === 'SALE')).toHaveLength(1);
      expect(elsewhere.received).toEqual([]);
      // The reconciler asks the upstream, gets the redirect again, and still follows nothing.
      const asked = gateway.received.length;
      await platform.runScheduled('Reconciler');
      expect(gateway.received.slice(asked).map((r) => r.form.action)).toContain('GET_TRANS_STATUS_BY_ORDER');
      expect((await deps().payments.get(res.body.trans_id))!.status).toBe('PREPARE');
      expect(elsewhere.received).toEqual([]);
    } finally {
      gateway.mode = 'protocol';
    }
  });

  it('a new MID whose URL answers with a redirect is refused', async () => {
    const redirecting = await startFakeGateway('redirect');
    redirecting.redirectTo = `${gateway.url}/post`;
    try {
      expect(await refusal(upstreamMid(await newMerchant(), redirecting.url))).toMatch(
        /^upstream-url: .* answered with a redirect \(HTTP 307\)/,
      );
    } finally {
      await redirecting.close();
    }
  });
});

describe('a request that moves money is never sent twice', () => {
  it('a SALE whose reused connection is reset after the upstream read it: UNDEFINED, sent once; the reconciler finds it approved', async () => {
    const merchant = await newMerchant();
    // The probe at creation leaves a kept-alive connection to the upstream, which the SALE then reuses.
    await upstreamMid(merchant, gateway.url);
    gateway.mode = 'reset-reused';
    try {
      const res = await post(saleFields(merchant));
      const sales = () => gateway.received.filter((r) => r.form.action === 'SALE' && r.form.order_id === res.body.trans_id);
      // Read once, on the reused connection, and reset: never sent again on a new one (that would be a second charge).
      expect(sales().map((r) => ({ reused: r.reused, reset: r.reset }))).toEqual([{ reused: true, reset: true }]);
      expect(res.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
      // No answer is settled by inquiry: the upstream has the SALE approved.
      await platform.runScheduled('Reconciler');
      expect((await deps().payments.get(res.body.trans_id))!.status).toBe('SETTLED');
      expect(sales()).toHaveLength(1);
    } finally {
      gateway.mode = 'protocol';
    }
  });

  it('"The same request is being processed." (409) is undetermined, never a decline', async () => {
    const merchant = await newMerchant();
    await upstreamMid(merchant, gateway.url);
    gateway.mode = 'in-progress';
    try {
      const res = await post(saleFields(merchant));
      expect(res.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
      expect(gateway.received.filter((r) => r.form.action === 'SALE' && r.form.order_id === res.body.trans_id)).toHaveLength(1);
    } finally {
      gateway.mode = 'protocol';
    }
  });
});

describe('a payment that cascaded between two upstream MIDs', () => {
  it("each attempt is its own order; the first attempt's callback is verified with its own MID and acknowledged", async () => {
    const merchant = await newMerchant();
    const other = { client_key: 'second-client-key', password: 'second-password-0123456789' };
    const a = await upstreamMid(merchant, gateway.url);
    const b = await upstreamMid(merchant, gateway.url, other);
    await setRouting(deps(), merchant.clientKey, {
      maxAttempts: 2,
      rules: [
        {
          match: {},
          mids: [
            { midId: a.midId, weight: 100 },
            { midId: b.midId, weight: 0 },
          ],
        },
      ],
    });
    gateway.mode = 'soft-first';
    try {
      const res = await post(saleFields(merchant));
      expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
      const transId = res.body.trans_id as string;
      const sales = gateway.received.filter((r) => r.form.action === 'SALE' && r.form.order_id?.startsWith(transId));
      expect(sales.map((r) => [r.form.order_id, r.form.client_key])).toEqual([
        [transId, UPSTREAM_KEY],
        [`${transId}-a2`, other.client_key],
      ]);
      const p = (await deps().payments.get(transId))!;
      expect(p).toMatchObject({ midId: b.midId, details: { routingAttempt: 2 } });

      const callback = (orderId: string, password: string) => {
        const upstreamId = `fake-${orderId}`;
        const hash = formula2({ email: 'doe@example.com', password, transId: upstreamId, cardNumber: SANDBOX_CARD });
        return fetch(`${platform.url}/providers/upstream/notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            action: 'SALE',
            result: 'DECLINED',
            status: 'DECLINED',
            order_id: orderId,
            trans_id: upstreamId,
            hash,
          }).toString(),
        }).then(async (r) => ({ status: r.status, body: (await r.json().catch(() => undefined)) as { effect?: string } | undefined }));
      };
      // The first attempt's callback, signed by the first MID: acknowledged, and the payment is not changed by it.
      expect(await callback(transId, UPSTREAM_PASSWORD)).toMatchObject({ status: 200, body: { effect: 'unchanged' } });
      // Signed by the MID it does not name: refused.
      expect((await callback(transId, other.password)).status).toBe(401);
      // The second attempt's, signed by the second MID: the payment's own.
      expect((await callback(`${transId}-a2`, other.password)).status).toBe(200);
      expect((await deps().payments.get(transId))!).toMatchObject({ status: 'SETTLED', version: p.version });
    } finally {
      gateway.mode = 'protocol';
    }
  });
});

describe('the URL is vetted like a callback URL', () => {
  it('live: http, loopback, private and the metadata address are refused when the MID is created', async () => {
    const d = deps();
    const live = {
      ...d,
      connectors: buildConnectors({
        config: { ...d.config, STAGE_KIND: 'live' },
        merchants: d.merchants,
        credentials: d.secrets['merchant-secrets'],
      }),
    };
    const merchant = await newMerchant();
    for (const url of [
      'http://gateway.example/post',
      'https://127.0.0.1:8443',
      'https://localhost/post',
      'https://10.1.2.3',
      'https://169.254.169.254/latest',
      'https://[::ffff:a9fe:a9fe]',
    ]) {
      expect(
        await refusal(createMid(live, merchant.clientKey, { connector: 'upstream', connectorSettings: { url }, credentials: creds })),
        url,
      ).toMatch(/^upstream-url: not allowed: /);
    }
    expect((await d.merchants.get(merchant.clientKey))!.mids).toEqual([]);
  });

  it('sandbox: loopback is allowed, private and metadata addresses are not', async () => {
    const merchant = await newMerchant();
    for (const url of ['http://10.1.2.3/post', 'http://169.254.169.254', 'http://192.168.1.1']) {
      expect(await refusal(upstreamMid(merchant, url)), url).toMatch(/^upstream-url: not allowed: /);
    }
    expect(await upstreamMid(merchant, gateway.url)).toMatchObject({ connector: 'upstream', connectorSettings: { url: gateway.url } });
  });

  it('on every use: a MID stored with a private address declines, and nothing is sent', async () => {
    const merchant = await newMerchant();
    const mid = await upstreamMid(merchant, gateway.url);
    // As a MID written before URLs were vetted would be.
    await deps().merchants.putMid(merchant.clientKey, { ...mid, connectorSettings: { url: 'http://10.0.0.7' } } satisfies Mid);
    const sent = gateway.received.length;
    const res = await post(saleFields(merchant));
    expect(res.body).toMatchObject({
      result: 'DECLINED',
      status: 'DECLINED',
      decline_reason: 'The upstream URL is not allowed: private address 10.0.0.7.',
    });
    expect(gateway.received).toHaveLength(sent);
  });
});

describe('a new MID is probed once', () => {
  it("the protocol's not-found: created; the probe was signed with the credentials", async () => {
    const before = gateway.received.length;
    await upstreamMid(await newMerchant(), gateway.url);
    const probes = gateway.received.slice(before).filter((r) => r.path === '/post');
    expect(probes).toHaveLength(1);
    const { form } = probes[0]!;
    expect(form).toMatchObject({ action: 'GET_TRANS_STATUS_BY_ORDER', client_key: UPSTREAM_KEY });
    expect(form.hash).toBe(formula2({ password: UPSTREAM_PASSWORD, transId: form.order_id!, cardNumber: '' }));
  });

  it('a URL that is not a gateway of the protocol, a refused client_key or hash: refused with what to fix, nothing stored', async () => {
    const other = await startFakeGateway('html');
    const merchant = await newMerchant();
    try {
      expect(await refusal(upstreamMid(merchant, other.url))).toMatch(
        /^upstream-url: .* did not answer as a payment gateway of this protocol \(HTTP 200\)/,
      );
      other.mode = 'unknown-key';
      expect(await refusal(upstreamMid(merchant, other.url))).toMatch(/^upstream-key: the upstream does not accept this client_key/);
      other.mode = 'hash-error';
      expect(await refusal(upstreamMid(merchant, other.url))).toMatch(
        /^upstream-password: the upstream refused the request's hash .*: check the password and upstream-hash\./,
      );
      await other.close();
      expect(await refusal(upstreamMid(merchant, other.url))).toMatch(/^upstream-url: no answer from /);
    } finally {
      await other.close().catch(() => undefined);
    }
    expect((await deps().merchants.get(merchant.clientKey))!.mids).toEqual([]);
  });

  it('the URL as its /post endpoint: stored as the base, and payments go to /post once', async () => {
    const merchant = await newMerchant();
    expect(await upstreamMid(merchant, `${gateway.url}/post/`)).toMatchObject({ connectorSettings: { url: gateway.url } });
    const res = await post(saleFields(merchant));
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect(gateway.received.at(-1)).toMatchObject({ path: '/post', form: { action: 'SALE', order_id: res.body.trans_id } });
  });
});

describe('an upstream says whether it is a sandbox; the stage kind decides whether it may be used', () => {
  // This platform as the upstream: a sandbox stage, as its health route says.
  const probe = async (stage: 'live' | 'sandbox') => {
    const upstream = await testMerchant();
    const rules = { ...acquirerAddressRules('sandbox'), stage };
    const connector = upstreamConnector({ credentials: deps().secrets['merchant-secrets'], transport: pinnedTransport(rules), rules });
    return connector.probeSetup!({
      settings: { url: platform.url },
      credentials: { client_key: upstream.clientKey, password: upstream.password },
    });
  };

  it('the health route says sandbox', async () => {
    expect(await (await fetch(`${platform.url}/health`)).json()).toMatchObject({ status: 'ok', sandbox: true });
  });

  it('a live stage refuses a sandbox upstream, naming why; a sandbox stage takes it', async () => {
    expect(await probe('live')).toEqual([
      `upstream-url: ${platform.url}/health says the upstream is a sandbox, whose approvals move no money; a live stage uses a live upstream.`,
    ]);
    expect(await probe('sandbox')).toEqual([]);
  });

  it('an upstream without the health route (another gateway of the family) is taken as set up', async () => {
    const before = gateway.received.length;
    await upstreamMid(await newMerchant(), gateway.url);
    expect(gateway.received.slice(before).map((r) => r.path)).toEqual(['/post', '/health']);
  });
});

describe('admin CLI: mids create takes the upstream password from a file or standard input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'upstream-password-'));
  const sealedPassword = async (clientKey: string, mid: Mid) =>
    JSON.parse(await deps().secrets['merchant-secrets'].open(mid.credentialsSealed!, midCredentialsContext(clientKey, mid.midId)))
      .password as string;
  const args = (clientKey: string, ...more: string[]) => [
    clientKey,
    '--connector',
    'upstream',
    '--upstream-url',
    `${gateway.url}/post`,
    '--upstream-key',
    UPSTREAM_KEY,
    ...more,
  ];

  it('--upstream-password-file FILE (its final line break is not part of it)', async () => {
    const file = join(dir, 'password');
    writeFileSync(file, `${UPSTREAM_PASSWORD}\n`, { mode: 0o600 });
    const merchant = await newMerchant();
    const mid = (await runMidsCommand('create', args(merchant.clientKey, '--upstream-password-file', file))) as Mid;
    expect(mid.connectorSettings).toEqual({ url: gateway.url });
    expect(await sealedPassword(merchant.clientKey, mid)).toBe(UPSTREAM_PASSWORD);
  });

  it('--upstream-password-file - reads standard input', async () => {
    const merchant = await newMerchant();
    const mid = (await runMidsCommand('create', args(merchant.clientKey, '--upstream-password-file', '-'), {
      stdin: async () => `${UPSTREAM_PASSWORD}\r\n`,
    })) as Mid;
    expect(await sealedPassword(merchant.clientKey, mid)).toBe(UPSTREAM_PASSWORD);
  });

  it('--upstream-password on the command line is refused, saying to use the file; an unreadable file is named', async () => {
    const merchant = await newMerchant();
    await expect(runMidsCommand('create', args(merchant.clientKey, '--upstream-password', UPSTREAM_PASSWORD))).rejects.toThrow(
      PASSWORD_FLAG_REFUSED,
    );
    await expect(runMidsCommand('create', args(merchant.clientKey, `--upstream-password=${UPSTREAM_PASSWORD}`))).rejects.toThrow(
      '--upstream-password-file FILE',
    );
    await expect(runMidsCommand('create', args(merchant.clientKey, '--upstream-password-file', join(dir, 'missing')))).rejects.toThrow(
      /cannot read .*missing \(ENOENT\)/,
    );
    expect((await deps().merchants.get(merchant.clientKey))!.mids).toEqual([]);
  });

  it('as an operator runs it: the password piped to npm run admin', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'upstream-admin-'));
    writeFileSync(join(dataDir, 'platform.json'), JSON.stringify({ env: platform.env }));
    const merchant = await newMerchant();
    const child = spawn(
      'npx',
      ['tsx', 'scripts/admin/cli.ts', 'mids', 'create', ...args(merchant.clientKey, '--upstream-password-file', '-')],
      {
        env: { ...process.env, LOCAL_DATA_DIR: dataDir, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin.end(UPSTREAM_PASSWORD);
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code, stderr).toBe(0);
    const mid = JSON.parse(stdout) as Mid;
    expect(mid).toMatchObject({ connector: 'upstream', connectorSettings: { url: gateway.url } });
    expect(stdout).not.toContain(UPSTREAM_PASSWORD);
    expect(await sealedPassword(merchant.clientKey, mid)).toBe(UPSTREAM_PASSWORD);
  });
});

it('the card number reaches only the upstream it was meant for', () => {
  expect(elsewhere.received.some((r) => r.raw.includes(SANDBOX_CARD))).toBe(false);
});
