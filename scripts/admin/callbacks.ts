/**
 * Admin CLI, callbacks group (`npm run admin -- callbacks <command>`), dispatched from scripts/admin/cli.ts.
 * Returns JSON-able values; the CLI prints them. See docs/callbacks.md.
 */
import { parseArgs } from 'node:util';
import { replayCallback, replayFailed } from '../../shared/operations/callbacks/replay.js';
import { retrySchedule } from '../../shared/protocol/callbacks/delivery-policy.js';
import type { StoredCallback } from '../../shared/domain/callback.js';
import { callbackDeps } from '../../shared/entry/composition/deps.js';
import { forwardUrl, listen } from './callbacks-listen.js';
import { merchantApi, merchantCredentials } from './merchant-client.js';
import type { Progress } from './progress.js';

export const CALLBACKS_USAGE = `usage: npm run admin -- callbacks <command>
  log CLIENT_KEY [--limit N]          the merchant's delivery log, newest first (every attempt; operator access)
  log --merchant CLIENT_KEY [--since ISO] [--limit N] [--url URL] [--password-file FILE]
                                      the same, one entry per callback, with the merchant's own credentials
  payment TRANS_ID                    a payment's callbacks: state, attempts, and each attempt
  failed CLIENT_KEY                   the merchant's FAILED callbacks
  replay TRANS_ID SEQ|EVENT_ID        re-send one callback (same event id)
  replay-failed CLIENT_KEY            re-send every failed callback of the merchant (dead-letter queue and FAILED)
  secret CLIENT_KEY [--rotate]        show (or rotate) the merchant's X-Callback-Signature secret
  schedule                            the retry schedule in force
  listen --merchant CLIENT_KEY --forward-to URL [--url URL] [--password-file FILE]
                                      forward each new callback, as sent (body and headers), to URL; one line per
                                      delivery attempt; runs until Ctrl-C

  --merchant commands call the merchant API (docs/merchant-api.md) with the merchant's client key and password:
  --url is the stage's API address (default: the local platform); the password comes from --password-file
  (- for stdin) or $MERCHANT_PASSWORD (the local platform: from its own records when neither is given).

example:
  npm run admin -- callbacks listen --merchant 5b6c… --forward-to http://localhost:4242/webhooks
  MERCHANT_PASSWORD=… npm run admin -- callbacks listen --merchant 5b6c… --url https://api.sandbox.example.com --forward-to http://localhost:4242/webhooks
  npm run admin -- callbacks log 5b6c… --limit 20`;

export async function runCallbacksCommand(argv: string[], io: { print?: Progress; signal?: AbortSignal } = {}): Promise<unknown> {
  const [cmd, ...args] = argv;
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      limit: { type: 'string' },
      rotate: { type: 'boolean' },
      merchant: { type: 'string' },
      'forward-to': { type: 'string' },
      help: { type: 'boolean' },
      url: { type: 'string' },
      'password-file': { type: 'string' },
      since: { type: 'string' },
      wait: { type: 'string' },
    },
  });
  if (values.help || cmd === '--help' || cmd === 'help') return CALLBACKS_USAGE;
  const asMerchant = () => merchantCredentials({ merchant: values.merchant!, url: values.url, passwordFile: values['password-file'] });
  if (cmd === 'log' && values.merchant) {
    const query = new URLSearchParams({
      ...(values.since ? { since: values.since } : {}),
      ...(values.limit ? { limit: values.limit } : {}),
    }).toString();
    return merchantApi(await asMerchant(), 'GET', `/api/v1/merchant/callbacks${query ? `?${query}` : ''}`);
  }
  if (cmd === 'listen') {
    if (!values.merchant || !values['forward-to'])
      throw new Error(
        `--merchant and --forward-to are required.\nexample: npm run admin -- callbacks listen --merchant CLIENT_KEY --forward-to http://localhost:4242/webhooks`,
      );
    forwardUrl(values['forward-to']);
    const done = await listen(await asMerchant(), {
      forwardTo: values['forward-to'],
      print: io.print ?? ((l) => console.log(l)),
      signal: io.signal ?? stopOnCtrlC(),
      waitSeconds: values.wait ? Number(values.wait) : undefined,
    });
    return `Stopped: ${done.forwarded} callback(s) forwarded, ${done.attempts} delivery attempt(s) seen.`;
  }
  const ctx = callbackDeps();
  const arg = (i: number, name: string): string => {
    const v = positionals[i];
    if (!v) throw new Error(`${name} is required.\n${CALLBACKS_USAGE}`);
    return v;
  };
  switch (cmd) {
    case 'log': {
      const limit = Number(values.limit ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('--limit must be 1..1000');
      return ctx.log.forMerchant(arg(0, 'CLIENT_KEY'), limit);
    }
    case 'payment': {
      const transId = arg(0, 'TRANS_ID');
      const [callbacks, attempts] = await Promise.all([ctx.outbox.forPayment(transId), ctx.log.forPayment(transId)]);
      return callbacks.map((c) => ({ ...summary(c), attemptsLog: attempts.filter((a) => a.eventId === c.eventId) }));
    }
    case 'failed':
      return (await ctx.outbox.failedFor(arg(0, 'CLIENT_KEY'), 1000)).map(summary);
    case 'replay':
      return replayCallback(ctx, arg(0, 'TRANS_ID'), arg(1, 'SEQ|EVENT_ID'));
    case 'replay-failed':
      return replayFailed(ctx, arg(0, 'CLIENT_KEY'));
    case 'secret': {
      const clientKey = arg(0, 'CLIENT_KEY');
      const now = ctx.clock.now();
      const s = values.rotate ? await ctx.secrets.rotate(clientKey, now, ctx.secretOverlapSeconds) : await ctx.secrets.get(clientKey, now);
      return { clientKey, ...s };
    }
    case 'schedule':
      return {
        retryDelaysSeconds: retrySchedule(ctx.retry),
        attempts: ctx.retry.maxReceiveCount,
        timeoutMs: ctx.timeoutMs,
        pause: ctx.pause,
      };
    default:
      throw new Error(CALLBACKS_USAGE);
  }
}

function stopOnCtrlC(): AbortSignal {
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  return stop.signal;
}

/** What an operator needs to see: never the signed fields themselves (they carry the merchant's hash). */
function summary(c: StoredCallback) {
  return {
    transId: c.transId,
    seq: c.seq,
    eventId: c.eventId,
    clientKey: c.clientKey,
    url: c.url,
    action: c.fields.action ?? c.fields.type,
    delivery: c.delivery,
    attempts: c.attempts,
    lastAttempt: c.lastAttempt,
    nextAttemptAt: c.nextAttemptAt,
    deliveredAt: c.deliveredAt,
    failedAt: c.failedAt,
    failReason: c.failReason,
    blockedBySeq: c.blockedBySeq,
    replays: c.replays,
    createdAt: c.createdAt,
  };
}
