/**
 * The event-driven functions (queue and stream consumers), each in its own node process when asked: what Lambda
 * does on AWS, where a SALE's function never shares a process with the callback consumers. Off by default (tests and
 * `npm start` run every handler in the platform's process, where crash points, grants and the bench's meter see
 * them); the bench turns it on for its loads and reads each process's CPU beside the platform's.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadHandler, type Handler } from './handlers.js';
import { eventShape, runInvocation } from './invocations.js';
import { runWithLocalGrants } from '../../shared/adapters/aws/local-key-grants.js';

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const entry = fileURLToPath(new URL('./function-process.ts', import.meta.url));

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
}

class FunctionProcess {
  private next = 0;
  private readonly pending = new Map<number, Pending>();
  readonly ready: Promise<void>;
  private readonly child: ChildProcess;

  constructor() {
    // Structured clone (Uint8Array, Date) rather than JSON: the stream records are the SDK's objects.
    // FUNCTION_CPU_PROF_DIR: each function process writes a V8 profile there when it ends (node --cpu-prof).
    const prof = process.env.FUNCTION_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FUNCTION_CPU_PROF_DIR}`] : [];
    this.child = fork(entry, [], {
      execArgv: ['--import', tsxLoader, ...prof],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.ready = new Promise((resolve, reject) => {
      this.child.once('exit', (code) => {
        reject(new Error(`function process exited (${code})`));
        for (const p of this.pending.values()) p.reject(new Error(`function process exited (${code})`));
        this.pending.clear();
      });
      this.child.on('message', (m: { ready?: boolean; id?: number; cpu?: number; ms?: number; result?: unknown; error?: string }) => {
        if (m.ready) return resolve();
        const key = m.cpu !== undefined ? -1 - m.cpu : m.id!;
        const p = this.pending.get(key);
        if (!p) return;
        this.pending.delete(key);
        if (m.error !== undefined) p.reject(new Error(m.error));
        else p.resolve(m.cpu !== undefined ? m.ms : m.result);
      });
    });
  }

  private call(key: number, message: object): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending.set(key, { resolve, reject });
      this.child.send(message);
    });
  }

  async invoke(handler: string, functionName: string, grants: readonly string[] | undefined, event: unknown): Promise<unknown> {
    await this.ready;
    const id = this.next++;
    return this.call(id, { id, handler, functionName, grants, event });
  }

  /** Loads the handler's module, so its start-up is not the first invocation's. */
  async load(handler: string): Promise<void> {
    await this.ready;
    const id = this.next++;
    await this.call(id, { id, handler, load: true });
  }

  async cpuMs(): Promise<number> {
    await this.ready;
    const n = this.next++;
    return (await this.call(-1 - n, { cpu: n })) as number;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const gone = new Promise<void>((r) => this.child.once('exit', () => r()));
    this.child.disconnect();
    await gone;
  }
}

export class EventFunctions {
  private apart?: Map<string, FunctionProcess>;
  private readonly known = new Map<string, string>();

  /** The handler as a poller calls it: in this process, or in the function's own while `apart` is on. */
  handler<E, R>(handler: string, functionName: string, grants?: readonly string[]): Handler<E, R> {
    const local = loadHandler<E, R>(handler);
    this.known.set(functionName, handler);
    return async (event, context) => {
      const processes = this.apart;
      if (!processes) {
        const fn = await local;
        return grants ? runWithLocalGrants(grants, () => fn(event, context)) : fn(event, context);
      }
      const p = processes.get(functionName)!;
      // Observed here as an invocation (the bench's clock and batch sizes), although it runs in the other process.
      return runInvocation(functionName, () => p.invoke(handler, functionName, grants, event) as Promise<R>, eventShape(event));
    };
  }

  /** Runs each function in its own process from now on (true), or in this one again (false). */
  async setApart(on: boolean): Promise<void> {
    if (!on) return this.stop();
    if (this.apart) return;
    const processes = new Map([...this.known].map(([fn]) => [fn, new FunctionProcess()]));
    await Promise.all([...this.known].map(([fn, handler]) => processes.get(fn)!.load(handler)));
    this.apart = processes;
  }

  /** CPU time each function's process used so far, in ms (empty while they run in this process). */
  async cpuMs(): Promise<Record<string, number>> {
    const entries = await Promise.all([...(this.apart ?? [])].map(async ([fn, p]) => [fn, await p.cpuMs()] as const));
    return Object.fromEntries(entries);
  }

  async stop(): Promise<void> {
    const processes = this.apart;
    this.apart = undefined;
    await Promise.all([...(processes?.values() ?? [])].map((p) => p.stop()));
  }
}
