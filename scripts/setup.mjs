#!/usr/bin/env node
/**
 * Runs before `npm start`, `npm test` and each `npm run test:LANE` (npm's pre-script hooks), with Node built-ins only,
 * so the README's two commands work on a fresh clone: installs the locked npm packages when they are missing or stale,
 * and checks (or, as root with apt, installs) the machine prerequisites the purpose needs (NEEDS below): Java 17+ and
 * python3 with moto for the emulators, Chromium for the browser tests, PHP for the docs' PHP snippets.
 * `node scripts/setup.mjs start|test|unit|integration|infra|e2e`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const purpose = process.argv[2] ?? 'start';
/** What each purpose needs besides npm packages. The unit lane needs nothing: no emulator, no browser, no build. */
const NEEDS = {
  start: ['emulators'],
  test: ['emulators', 'chromium', 'php'],
  unit: [],
  // The docs' snippets run on python3 and php (test/integration/snippets); 3-D Secure opens Chromium.
  integration: ['emulators', 'chromium', 'php'],
  infra: ['emulators'],
  e2e: ['emulators', 'chromium'],
}[purpose];
if (!NEEDS) {
  console.error(`setup: unknown purpose ${purpose}`);
  process.exit(2);
}
const lockHash = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');
const marker = 'node_modules/.installed-lock-hash';

function run(cmd, args) {
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  return res.status === 0;
}

if (!existsSync(marker) || readFileSync(marker, 'utf8') !== lockHash) {
  console.log('setup: installing npm packages from package-lock.json (npm ci)...');
  if (!run('npm', ['ci', '--no-audit', '--no-fund'])) process.exit(1);
  writeFileSync(marker, lockHash);
}

const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
let aptUpdated = false;
function aptInstall(pkg) {
  if (!canApt) return false;
  console.log(`setup: apt-get install ${pkg}...`);
  if (!aptUpdated) aptUpdated = run('apt-get', ['update', '-qq']);
  return run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg]);
}

function javaVersion() {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return Number(/version "(\d+)/.exec(`${res.stderr ?? ''}${res.stdout ?? ''}`)?.[1] ?? 0);
}

const problems = [];
const emulators = NEEDS.includes('emulators');
if (emulators && javaVersion() < 17 && !(aptInstall('openjdk-17-jre-headless') && javaVersion() >= 17)) {
  problems.push('Java 17 or newer (DynamoDB Local): apt-get install openjdk-17-jre-headless');
}
if (emulators && spawnSync('python3', ['-c', 'import moto, flask, flask_cors']).status !== 0) {
  problems.push('python3 with moto[server] 5.x (SQS, KMS, EventBridge emulator): pip install "moto[server]==5.2.1"');
}
if (NEEDS.includes('chromium') && !existsSync('/usr/bin/chromium') && !aptInstall('chromium')) {
  problems.push('Chromium for the browser tests: apt-get install chromium');
}
// PHP runs the docs' PHP snippets (test/integration/snippets); without apt they are skipped, not failed.
if (NEEDS.includes('php') && spawnSync('sh', ['-c', 'command -v php']).status !== 0 && canApt && !aptInstall('php-cli')) {
  problems.push('PHP for the PHP snippet tests: apt-get install php-cli');
}
if (problems.length) {
  console.error(`setup: missing prerequisites:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
