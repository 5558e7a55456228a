/**
 * What one vitest run shares across its lanes (vitest.config.ts projects): the folder the workers copy their output
 * to for the card-data scan, and, once a lane that needs them starts, one DynamoDB Local and one moto. Vitest runs
 * each project's globalSetup in that project's own module runner, so the state lives on globalThis: a run of several
 * lanes starts the emulators once, and the last lane to finish scans everything the run wrote and stops them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanLogs, scanTables } from './card-data-scan.js';
import { checkPrerequisites, startDynamoDbLocal, startMoto, type Emulator } from '../../scripts/local/emulators.js';
import { ensureConsoleBuilt } from '../../scripts/local/console-build.js';

export interface Endpoints {
  dynamodb: string;
  moto: string;
}

interface RunState {
  cardScanDir: string;
  /** The lanes whose setup succeeded and whose teardown has not run yet. */
  lanes: Set<string>;
  emulators?: Promise<{ endpoints: Endpoints; running: Emulator[] }>;
}

const KEY = Symbol.for('open-payments.test-run');
const holder = globalThis as { [KEY]?: RunState };

function state(): RunState {
  return (holder[KEY] ??= { cardScanDir: mkdtempSync(join(tmpdir(), 'card-scan-')), lanes: new Set() });
}

/** Joins a lane to the run; the folder for the card-data scan. */
export function joinRun(lane: string): { cardScanDir: string } {
  const run = state();
  run.lanes.add(lane);
  return { cardScanDir: run.cardScanDir };
}

/** The run's emulators, started by the first lane that asks (with the console's pages, which browser tests open). */
export async function emulators(): Promise<Endpoints> {
  const run = state();
  run.emulators ??= (async () => {
    checkPrerequisites();
    // The console is built only when its sources changed (scripts/local/console-build.ts).
    const [dynamodb, moto] = await Promise.all([startDynamoDbLocal(), startMoto(), ensureConsoleBuilt()]);
    return { endpoints: { dynamodb: dynamodb.endpoint, moto: moto.endpoint }, running: [dynamodb, moto] };
  })();
  return (await run.emulators).endpoints;
}

/**
 * A lane is done. After the last one: the suite's promise about card data, checked on everything the run wrote
 * (docs/security.md), then the emulators stop.
 */
export async function leaveRun(lane: string): Promise<void> {
  const run = holder[KEY];
  if (!run?.lanes.delete(lane) || run.lanes.size) return;
  delete holder[KEY];
  const started = await run.emulators?.catch(() => undefined);
  try {
    const problems = [...(started ? await scanTables(started.endpoints.dynamodb) : []), ...scanLogs(run.cardScanDir)];
    if (problems.length) {
      // Vitest only reports an error thrown here; the exit code makes the run (and .ci/run) fail.
      process.exitCode = 1;
      throw new Error(`Raw card data found after the test run:\n${problems.slice(0, 20).join('\n')}`);
    }
  } finally {
    await Promise.all((started?.running ?? []).map((e) => e.stop()));
  }
}
