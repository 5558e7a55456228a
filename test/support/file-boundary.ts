/**
 * A setup file of the lanes whose test files share a worker process (isolate: false, vitest.config.ts): what a file
 * changes for the whole process is put back when it ends, so the next file in the worker starts as if alone. The
 * platform writes its environment into process.env (scripts/local/platform.ts), and a test may inject connectors or
 * the routing draw: none of it outlives the file.
 */
import { afterAll } from 'vitest';

const environment = { ...process.env };

afterAll(async () => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  // Imported here, not above: a file that reads the logs must import the logger first (./read-logs.ts).
  const [{ restoreConnectors }, { injectRoutingRandom }] = await Promise.all([
    import('./connectors.js'),
    import('../../shared/operations/routing/random.js'),
  ]);
  restoreConnectors();
  injectRoutingRandom();
});
