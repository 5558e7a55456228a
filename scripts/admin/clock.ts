/**
 * Admin CLI, clock group (`npm run admin -- clock <command> --merchant KEY`): a merchant's sandbox test clock
 * (docs/test-clock.md).
 * After the clock moves on the local platform, the runners that act on time run once here and the command waits
 * for the scheduled runs they queued, so what fell due has happened when it returns. A deployed sandbox stage picks
 * the new time up at its runners' next run (every minute).
 */
import { parseArgs } from 'node:util';
import { depsWithClock, type Deps, reconciliationDeps } from '../../shared/entry/composition/deps.js';
import {
  advanceClock,
  listClocks,
  parseDuration,
  refuseUnlessSandbox,
  resetClock,
  setClock,
  showClock,
  type ClockView,
} from '../../shared/operations/clock/manage.js';
import { merchantApi, merchantCredentials } from './merchant-client.js';

type MoveRequest = { advance_by?: string; set?: string; reset?: true };
import { enqueueDue } from '../../shared/operations/schedules/runner.js';
import { reconcile } from '../../shared/operations/reconciliation/reconcile.js';
import type { RecurringChargeMessage } from '../../shared/ports/schedules.js';
import { stderrProgress, type Progress } from './progress.js';

export const CLOCK_USAGE = `usage: npm run admin -- clock <command> --merchant CLIENT_KEY   (local platform and sandbox stages only)
  show                         the time the merchant's objects read, and the offset from the real time
                               (without --merchant: every merchant clock that was moved)
  advance --by DURATION        move forward (s, m, h, d, w: 14d, 36h, 1w2d), then run what fell due
  set ISO_INSTANT              move forward to that instant, then run what fell due
  reset                        back to the real time (runs already charged stay charged)

Each merchant has its own clock: moving one moves only that merchant's schedules, deadlines and expiries.
With --url URL the command acts as the merchant (its client key and password, no operator credentials: the
password from --password-file FILE or $MERCHANT_PASSWORD; docs/merchant-api.md); the stage runs what fell due at its
runners' next run.

example:
  npm run admin -- clock set 2027-01-31T00:00:00Z --merchant 5b6c…
  npm run admin -- clock advance --by 14d --merchant 5b6c…
  MERCHANT_PASSWORD=… npm run admin -- clock advance --by 14d --merchant 5b6c… --url https://api.sandbox.example.com`;

/** Catch-up rounds: a jump of a year on a monthly schedule needs one round per run it passes. */
const MAX_ROUNDS = 400;
const RUN_WAIT_MS = 60_000;

export async function runClockCommand(argv: string[], opts: { progress?: Progress } = {}): Promise<unknown> {
  const [cmd, ...args] = argv;
  const progress = opts.progress ?? stderrProgress;
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      by: { type: 'string' },
      merchant: { type: 'string' },
      url: { type: 'string' },
      'password-file': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !cmd || cmd === '--help' || cmd === 'help') return CLOCK_USAGE;
  if (!['show', 'advance', 'set', 'reset'].includes(cmd)) throw new Error(`Unknown clock command "${cmd}".\n${CLOCK_USAGE}`);
  const move = (): MoveRequest => {
    if (cmd === 'advance') {
      if (!values.by) throw new Error(`--by is required, e.g. clock advance --by 14d --merchant CLIENT_KEY\n${CLOCK_USAGE}`);
      return { advance_by: values.by };
    }
    if (cmd === 'set') {
      if (!positionals[0])
        throw new Error(`ISO_INSTANT is required, e.g. clock set 2027-01-31T00:00:00Z --merchant CLIENT_KEY\n${CLOCK_USAGE}`);
      return { set: positionals[0] };
    }
    return { reset: true };
  };
  if (values.url) {
    if (!values.merchant) throw new Error(`--merchant is required with --url.\n${CLOCK_USAGE}`);
    const creds = await merchantCredentials({ merchant: values.merchant, url: values.url, passwordFile: values['password-file'] });
    if (cmd === 'show') return merchantApi(creds, 'GET', '/api/v1/merchant/clock');
    return merchantApi(creds, 'POST', '/api/v1/merchant/clock', JSON.stringify(move()));
  }
  const d = await depsWithClock();
  const cd = { config: d.config, testClock: d.testClock, realNow: Date.now };
  refuseUnlessSandbox(cd);
  if (cmd === 'show' && !values.merchant) return listClocks(cd);
  if (!values.merchant) throw new Error(`--merchant CLIENT_KEY is required: each merchant has its own clock.\n${CLOCK_USAGE}`);
  const clientKey = values.merchant;
  if (cmd === 'show') return showClock(cd, clientKey);
  const m = move();
  const moved: ClockView = m.advance_by
    ? await advanceClock(cd, clientKey, parseDuration(m.advance_by))
    : m.set
      ? await setClock(cd, clientKey, m.set)
      : await resetClock(cd, clientKey);
  progress(`clock: now ${moved.now} (offset ${moved.offset})`);
  // The test platforms and npm start are stage "local"; a deployed stage has its own runners.
  if (d.config.STAGE !== 'local') {
    progress(`clock: stage ${d.config.STAGE} runs what fell due at its runners' next run (within a minute).`);
    return moved;
  }
  return { ...moved, ...(await fireDue(d, progress)) };
}

/** What EventBridge's one-minute schedules would do next, now: queue due runs (and wait for them), reconcile. */
async function fireDue(d: Deps, progress: Progress): Promise<{ scheduledRuns: number; reconciled: number }> {
  await d.clock.refresh?.({ force: true });
  let scheduledRuns = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { runs } = await enqueueDue(d);
    if (!runs.length) break;
    progress(`schedules: ${runs.length} run(s) due, charging…`);
    await waitForRuns(d, runs, progress);
    scheduledRuns += runs.length;
  }
  const report = await reconcile(reconciliationDeps());
  if (report.checked) progress(`reconciler: checked ${report.checked}, resolved ${report.resolved}, still waiting ${report.waiting}`);
  progress(`done: ${scheduledRuns} scheduled run(s) charged or skipped, ${report.resolved} undetermined transaction(s) resolved`);
  return { scheduledRuns, reconciled: report.resolved };
}

/** The platform's RecurringCharge consumer takes the queued runs; a run is done once its subscription moved past it. */
async function waitForRuns(d: Deps, runs: RecurringChargeMessage[], progress: Progress): Promise<void> {
  const started = Date.now();
  let pending = runs;
  while (pending.length) {
    const still: RecurringChargeMessage[] = [];
    for (const r of pending) {
      const sub = await d.schedules.getSubscription(r.scheduleId, r.recurringToken);
      if (sub && sub.state === 'active' && sub.nextRun === r.run) still.push(r);
    }
    if (still.length < pending.length) progress(`schedules: ${runs.length - still.length}/${runs.length} done`);
    pending = still;
    if (!pending.length) return;
    if (Date.now() - started > RUN_WAIT_MS) {
      throw new Error(
        `${pending.length} scheduled run(s) were queued but not charged within ${RUN_WAIT_MS / 1000} s. Is the local platform running (npm start)? Its RecurringCharge consumer charges them; check its output.`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
