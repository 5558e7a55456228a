/**
 * `npm start`: the whole platform on this machine — DynamoDB Local (data under $LOCAL_DATA_DIR), moto, the API on
 * 127.0.0.1:$PORT, queue pollers and schedules — with a sandbox merchant ready to use. Ctrl-C or SIGTERM stops it all.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getLauncherConfig } from '../../shared/lib/config.js';
import { PrerequisiteError } from './emulators.js';
import { startPlatform } from './platform.js';
import { ensureSandboxMerchant } from './sandbox-merchant.js';
import { ensureConsoleBuilt } from './console-build.js';
import { ensureConsoleUsers } from './console-users.js';

async function main(): Promise<void> {
  const settings = getLauncherConfig();
  const dataDir = resolve(settings.LOCAL_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // The console's pages, built once and again only when their sources changed (a few seconds with Vite).
  await ensureConsoleBuilt();
  const platform = await startPlatform({
    port: settings.PORT,
    prefix: 'local',
    dataDir,
    schedules: 'interval',
    scheduleEverySeconds: settings.LOCAL_SCHEDULE_SECONDS,
    // Each queue consumed by five concurrent batches, as Lambda's SQS mappings start (one poller capped the callback
    // drain at ~40 a second).
    concurrentBatches: true,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local platform...`);
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const creds = await ensureSandboxMerchant(dataDir, settings.SANDBOX_NOTIFICATION_URL);
  const consoleUsers = await ensureConsoleUsers(dataDir, settings.CONSOLE_OPERATOR_EMAIL);
  // The admin CLI finds this running instance (its emulator ports and resource names) through this file.
  writeFileSync(join(dataDir, 'platform.json'), `${JSON.stringify({ url: platform.url, pid: process.pid, env: platform.env }, null, 2)}\n`);
  console.log(
    [
      '',
      `Payment platform running at ${platform.url}`,
      `  health              GET  ${platform.url}/health`,
      `  S2S CARD            POST ${platform.url}/post  (and /v2/post)`,
      `  Checkout session    POST ${platform.url}/api/v1/session`,
      `  data                ${dataDir}`,
      '',
      'Sandbox merchant (also in sandbox-merchant.json in the data folder):',
      `  client_key          ${creds.client_key}`,
      `  password            ${creds.password}`,
      `  notification_url    ${creds.notification_url ?? '(none: set SANDBOX_NOTIFICATION_URL)'}`,
      '',
      `Console             ${platform.url}/console/  (one-time passwords: they change at every start; also in console-users.json)`,
      ...consoleUsers.map(
        (u) => `  ${u.role.padEnd(18)}${u.email}  ${u.temporaryPassword ?? ''}\n                    ${u.invitationLink ?? ''}`,
      ),
      '',
      'Sandbox card 4111111111111111: 01/2038 success, 02/2038 decline, 05/2038 3DS success, 06/2038 3DS failure.',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  if (err instanceof PrerequisiteError) {
    console.error(`Cannot start: ${err.message}`);
  } else {
    console.error('Cannot start the local platform:', err);
  }
  process.exit(1);
});
