/** `npm start` as a user runs it, in its own process group, for the tests that start, stop and kill the platform. */
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../../scripts/local/handlers.js';

/** How long a start may take before the test fails with the platform's output: two JVMs and moto on a busy 2-core CI
 * machine have taken over a minute. */
const START_DEADLINE_MS = 150_000;

/** Starts `npm start` on PORT with LOCAL_DATA_DIR; resolves once /health answers and the banner was printed. */
export function startLocal(port: number, dataDir: string, env: Record<string, string>, children: ChildProcess[]): Promise<ChildProcess> {
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setInterval(async () => {
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm start exited: ${out}`));
      }
      if (Date.now() - started > START_DEADLINE_MS) {
        clearInterval(timer);
        reject(new Error(`npm start did not answer /health within ${START_DEADLINE_MS / 1000} s: ${out}`));
      }
      const ok = await fetch(`http://127.0.0.1:${port}/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok && out.includes('Press Ctrl-C')) {
        clearInterval(timer);
        resolve(child);
      }
    }, 250);
  });
}
