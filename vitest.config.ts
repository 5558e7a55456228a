import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const sdk = (path: string) => fileURLToPath(new URL(`./sdk/mobile/src/${path}`, import.meta.url));

/** One lane: its files and its globalSetup; everything else comes from the root config (`extends: true`). */
function lane(name: string, include: string[], globalSetup: string, isolate = true): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include,
      globalSetup: [globalSetup],
      // Copies each worker's output for the card-data scan at the end of the run.
      setupFiles: ['test/support/log-capture.ts'],
      isolate,
    },
  };
}

export default defineConfig({
  // The SDK from source (as tsconfig.json "paths" says): a fresh clone has no sdk/mobile/dist.
  resolve: {
    alias: [
      { find: /^@open-payments\/mobile-sdk$/, replacement: sdk('index.ts') },
      { find: /^@open-payments\/mobile-sdk\/(web|react-native)$/, replacement: sdk('$1/index.ts') },
      { find: /^@open-payments\/node$/, replacement: fileURLToPath(new URL('./sdk/node/src/index.ts', import.meta.url)) },
      { find: /^@open-payments\/protocol$/, replacement: fileURLToPath(new URL('./sdk/protocol/src/index.ts', import.meta.url)) },
    ],
  },
  test: {
    // Lanes (docs/testing.md): `npm test` runs them all, `npm run test:LANE` (vitest --project LANE) one.
    projects: [
      // No emulator, no Java, no Python, no build: only the card-data scan over what the workers print. Its files
      // share their workers' modules (isolate: false): a fresh process per file cost more than the tests, so a unit
      // test puts back what it patches (mocks, environment) and does not count on a module's first import.
      lane('unit', ['test/unit/**/*.test.ts'], 'test/support/unit-setup.ts', false),
      // One DynamoDB Local and one moto for the whole run, shared by these lanes; each test file gets its own tables
      // and queues.
      // test/connectors: the connector kit, each connector's file against its counterpart (docs/connectors.md).
      lane(
        'integration',
        ['test/integration/**/*.test.ts', 'test/connectors/**/*.test.ts', 'bench/test/**/*.test.ts'],
        'test/support/global-setup.ts',
      ),
      lane('infra', ['test/infra/**/*.test.ts'], 'test/support/global-setup.ts'),
      lane('e2e', ['test/e2e/**/*.test.ts'], 'test/support/global-setup.ts'),
    ],
    // Quiet logs: failures stand out. The shared logger reads its level when first imported, before any test file
    // starts a platform; tests that read the logs raise it themselves (logger.setLogLevel), as the card-data scan
    // test does at DEBUG. Child platforms (`npm start`) inherit these variables.
    env: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR' },
    // Guards against hangs only, sized for a busy 2-core machine (a platform starts in a hook; a flow waits for its
    // callbacks); a test that measures time sets its own.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
