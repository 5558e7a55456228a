/**
 * Prism (@stoplight/prism-cli) serving an acquirer's published API description with request validation on
 * (`--errors`), on a free loopback port: the process both acquirer wrappers (adyen-prism.ts, checkout-com-prism.ts) run.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../scripts/local/emulators.js';
import { REPO_ROOT } from '../../scripts/local/handlers.js';
import { eventually } from './platform.js';

export interface PrismProcess {
  url: string;
  stop(): void;
}

/** Resolves once Prism answers anything (a path outside the document: 404). */
export async function startPrismProcess(spec: string): Promise<PrismProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Its log names request bodies (card data): not shown.
  const prism = spawn(join(REPO_ROOT, 'node_modules/.bin/prism'), ['mock', '--errors', '-h', '127.0.0.1', '-p', String(port), spec], {
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    if (prism.pid && prism.exitCode === null) process.kill(-prism.pid, 'SIGTERM');
  };
  try {
    await eventually(async () => {
      try {
        await fetch(`${url}/`);
        return true;
      } catch {
        return undefined;
      }
    }, 60_000);
  } catch (err) {
    stop();
    throw err;
  }
  return { url, stop };
}
