/**
 * A TypeScript module of the bench run in its own node process (through tsx), so that its CPU time is not the
 * platform's: process.cpuUsage() counts every thread of a process, so a worker thread would not separate them.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Forks `module` and resolves once it sent `{ ready: true, … }` (handed to `onReady`). */
export async function forkModule<R>(module: URL, onReady?: (message: R) => void): Promise<ChildProcess> {
  const child = fork(fileURLToPath(module), [], { execArgv: ['--import', tsxLoader], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (m: R & { ready?: boolean }) => {
      if (!m?.ready) return;
      onReady?.(m);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) => reject(new Error(`${module.pathname} exited (${code}) before it was ready`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  return child;
}

/** Disconnects the child (it exits on disconnect) and waits for it to go. */
export async function endChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  if (child.connected) child.disconnect();
  else child.kill();
  await gone;
}
