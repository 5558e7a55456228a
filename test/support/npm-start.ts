/** `npm start` as a user runs it, in its own process group, for the tests that start, stop and kill the platform. */
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../../scripts/local/handlers.js';

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
  return new Promise((resolve, reject) => {
    const timer = setInterval(async () => {
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm start exited: ${out}`));
      }
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok).catch(() => false);
      if (ok && out.includes('Press Ctrl-C')) {
        clearInterval(timer);
        resolve(child);
      }
    }, 250);
  });
}
