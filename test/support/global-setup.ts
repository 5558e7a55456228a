/** Starts the emulators once per test run and hands their endpoints to every test file (inject('endpoints')). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { scanLogs, scanTables } from './card-data-scan.js';
import { checkPrerequisites, startDynamoDbLocal, startMoto, type Emulator } from '../../scripts/local/emulators.js';
import { ensureConsoleBuilt } from '../../scripts/local/console-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: { dynamodb: string; moto: string };
    /** Where the workers copy their output for the card-data scan at the end of the run. */
    cardScanDir: string;
  }
}

let running: Emulator[] = [];
let scan: { dir: string; dynamodb: string } | undefined;

export async function setup(project: TestProject): Promise<void> {
  checkPrerequisites();
  // The console's pages, which the console's browser tests open (built only when their sources changed).
  const [dynamodb, moto] = await Promise.all([startDynamoDbLocal(), startMoto(), ensureConsoleBuilt()]);
  running = [dynamodb, moto];
  project.provide('endpoints', { dynamodb: dynamodb.endpoint, moto: moto.endpoint });
  scan = { dir: mkdtempSync(join(tmpdir(), 'card-scan-')), dynamodb: dynamodb.endpoint };
  project.provide('cardScanDir', scan.dir);
}

export async function teardown(): Promise<void> {
  try {
    // The suite's promise about card data, checked on everything it wrote (docs/security.md).
    if (scan) {
      const problems = [...(await scanTables(scan.dynamodb)), ...scanLogs(scan.dir)];
      if (problems.length) {
        // Vitest only reports an error thrown here; the exit code makes the run (and .ci/run) fail.
        process.exitCode = 1;
        throw new Error(`Raw card data found after the test run:\n${problems.slice(0, 20).join('\n')}`);
      }
    }
  } finally {
    await Promise.all(running.map((e) => e.stop()));
  }
}
