import { performance } from 'node:perf_hooks';
const t0 = performance.now();
const { startDynamoDbLocal, startMoto } = await import('../scripts/local/emulators.js');
const [d, m] = await Promise.all([startDynamoDbLocal(), startMoto()]);
const endpoints = { dynamodb: d.endpoint, moto: m.endpoint };
console.log('emulators', Math.round(performance.now() - t0));
const t1 = performance.now();
const { startPlatform } = await import('../scripts/local/platform.js');
const { createLocalResources } = await import('../scripts/local/bootstrap.js');
const { createConsolePool } = await import('../scripts/local/console-pool.js');
console.log('import', Math.round(performance.now() - t1));
for (let i = 0; i < 3; i++) {
  const p = `x${i}${Date.now() % 100000}`;
  let t = performance.now();
  await createLocalResources(p + 'r', { ...endpoints, region: 'eu-west-1' });
  console.log('resources', Math.round(performance.now() - t));
  t = performance.now();
  await createConsolePool(p + 'c', { moto: endpoints.moto, region: 'eu-west-1' });
  console.log('consolePool', Math.round(performance.now() - t));
  t = performance.now();
  const run = await startPlatform({ port: 0, prefix: p, endpoints, schedules: 'manual', extraEnv: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR', CONFIG_CACHE_TTL_SECONDS: '0' } });
  console.log('startPlatform', Math.round(performance.now() - t));
  t = performance.now();
  await run.stop();
  console.log('stop', Math.round(performance.now() - t));
}
await Promise.all([d.stop(), m.stop()]);
