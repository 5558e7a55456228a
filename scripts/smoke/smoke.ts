/**
 * The smoke test of a running stage, local or deployed, as a merchant sees it: a SALE with the sandbox card, a status
 * query, a refund, and the SALE's callback received. Each check is one row of the summary; any failed row fails it.
 * Through the merchant's Node SDK (sdk/node), so hashes and wire formats are the ones merchants use.
 */
import { OpenPayments } from '../../sdk/node/src/index.js';
import { isLoopback, listenForCallbacks, type CallbackListener } from './callback-listener.js';

/** Sandbox test data (docs/quickstart.md): this card with expiry 01/2038 is approved and settled. */
export const SANDBOX_CARD = { card_number: '4111111111111111', card_exp_month: '01', card_exp_year: '2038', card_cvv2: '123' };
const PAYER_EMAIL = 'smoke@example.com';

export interface SmokeOptions {
  /** The stage's API URL (stack output ApiUrl; http://127.0.0.1:3000 locally). */
  url: string;
  clientKey: string;
  password: string;
  /**
   * The merchant's notification URL when it is a loopback address the smoke test may listen on; without it (or when
   * it is another host) the callback is looked up in the merchant's delivery log.
   */
  callbackUrl?: string;
  /** How long to wait for the callback. */
  callbackTimeoutMs: number;
  /** The delivery log of a payment's callbacks: from the admin CLI's target (local platform or --stage). */
  deliveryLog?: (transId: string) => Promise<DeliveryLogEntry[]>;
}

export interface DeliveryLogEntry {
  action?: string;
  delivery: string;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  ms: number;
}

export interface SmokeReport {
  ok: boolean;
  checks: Check[];
  transId?: string;
}

async function timed(name: string, run: () => Promise<{ ok: boolean; detail: string }>): Promise<Check> {
  const started = performance.now();
  try {
    const { ok, detail } = await run();
    return { name, ok, detail, ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { name, ok: false, detail: (err as Error).message, ms: Math.round(performance.now() - started) };
  }
}

const outcome = (r: { result: string; status?: string; decline_reason?: string }) =>
  [r.result, r.status, r.decline_reason].filter(Boolean).join(' ');

export async function runSmoke(opts: SmokeOptions): Promise<SmokeReport> {
  const client = new OpenPayments({
    baseUrl: opts.url.replace(/\/$/, ''),
    clientKey: opts.clientKey,
    password: opts.password,
    retry: { maxRetries: 2 },
  });
  const keys = { payer_email: PAYER_EMAIL, card_number: SANDBOX_CARD.card_number };
  const checks: Check[] = [];
  let listener: CallbackListener | undefined;
  if (opts.callbackUrl && isLoopback(opts.callbackUrl)) {
    listener = await listenForCallbacks(opts.callbackUrl, { password: opts.password, payerEmail: PAYER_EMAIL });
  }
  try {
    let transId: string | undefined;
    checks.push(
      await timed('SALE (sandbox card)', async () => {
        const sale = await client.card.sale({
          ...SANDBOX_CARD,
          order_id: `smoke-${Date.now().toString(36)}`,
          order_amount: '1.00',
          order_currency: 'USD',
          order_description: 'Smoke test',
          payer_email: PAYER_EMAIL,
          payer_ip: '198.51.100.7',
          payer_first_name: 'Smoke',
          payer_last_name: 'Test',
          payer_address: 'Test street 1',
          payer_country: 'US',
          payer_state: 'CA',
          payer_city: 'Test',
          payer_zip: '12345',
          payer_phone: '199999999',
          term_url_3ds: 'https://merchant.example/3ds-return',
        });
        transId = sale.trans_id;
        return {
          ok: sale.result === 'SUCCESS' && sale.status === 'SETTLED' && !!transId,
          detail: `${outcome(sale)} ${transId ?? ''}`.trim(),
        };
      }),
    );
    if (!transId) return finish(checks);
    const id = transId;

    checks.push(
      await timed('GET_TRANS_STATUS', async () => {
        const status = await client.card.getTransStatus({ trans_id: id }, keys);
        return { ok: status.status === 'SETTLED', detail: outcome(status) };
      }),
    );
    checks.push(
      await timed('CREDITVOID (refund)', async () => {
        const refund = await client.card.creditvoid({ trans_id: id }, keys);
        return { ok: refund.result === 'ACCEPTED' || refund.result === 'SUCCESS', detail: outcome(refund) };
      }),
    );
    checks.push(await timed('SALE callback', () => callbackCheck(opts, listener, id)));
    return { ...finish(checks), transId: id };
  } finally {
    await listener?.close();
  }
}

function finish(checks: Check[]): SmokeReport {
  return { ok: checks.length > 0 && checks.every((c) => c.ok), checks };
}

async function callbackCheck(
  opts: SmokeOptions,
  listener: CallbackListener | undefined,
  transId: string,
): Promise<{ ok: boolean; detail: string }> {
  if (listener) {
    const got = await listener.waitFor(transId, opts.callbackTimeoutMs);
    if (!got)
      return {
        ok: false,
        detail: `none at ${listener.url} within ${opts.callbackTimeoutMs / 1000} s (is it the merchant's notification URL?)`,
      };
    if (!got.event) return { ok: false, detail: `received, but it does not verify: ${got.error}` };
    const data = got.event.raw;
    return {
      ok: data.action === 'SALE' && data.result === 'SUCCESS',
      detail: `received at ${listener.url}: ${data.action} ${data.result} ${data.status}, hash verified`,
    };
  }
  if (!opts.deliveryLog)
    return { ok: false, detail: 'not checked: pass --callback-url (a loopback URL) or --stage NAME to read the delivery log' };
  // The delivery log is written by the platform as it delivers: look until the SALE's callback is delivered or failed.
  const deadline = Date.now() + opts.callbackTimeoutMs;
  for (;;) {
    const sale = (await opts.deliveryLog(transId)).find((c) => c.action === 'SALE');
    if (sale?.delivery === 'DELIVERED') return { ok: true, detail: 'delivered (merchant delivery log)' };
    if (sale?.delivery === 'FAILED')
      return { ok: false, detail: 'failed (merchant delivery log): npm run admin -- callbacks payment TRANS_ID' };
    if (Date.now() > deadline)
      return {
        ok: false,
        detail: `${sale ? sale.delivery : 'not recorded'} after ${opts.callbackTimeoutMs / 1000} s (merchant delivery log)`,
      };
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The summary table. */
export function formatReport(report: SmokeReport): string {
  const rows = report.checks.map((c) => [c.ok ? 'PASS' : 'FAIL', c.name, `${c.ms} ms`, c.detail]);
  const widths = [4, ...[1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)))];
  const line = (r: string[]) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ');
  return [...rows.map(line), '', report.ok ? 'Smoke test passed.' : 'Smoke test FAILED.'].join('\n');
}
