import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const sdk = (path: string) => fileURLToPath(new URL(`./sdk/mobile/src/${path}`, import.meta.url));

interface LaneOptions {
  /** The unit lane's globalSetup (no emulator), or the one that starts the run's emulators for the platform. */
  emulators: boolean;
  /** false: the lane's files share their workers' modules, one process for many files. */
  isolate: boolean;
  exclude?: string[];
}

/**
 * One lane: its files and its globalSetup; everything else comes from the root config (`extends: true`). A platform
 * lane whose files share their workers' modules puts back, after each file, what a file changes for the whole process
 * (test/support/file-boundary.ts); a unit test puts back what it patches itself.
 */
function lane(name: string, include: string[], { emulators, isolate, exclude = [] }: LaneOptions): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include,
      exclude,
      globalSetup: [emulators ? 'test/support/global-setup.ts' : 'test/support/unit-setup.ts'],
      // log-capture: copies each worker's output for the card-data scan at the end of the run.
      setupFiles: ['test/support/log-capture.ts', ...(emulators && !isolate ? ['test/support/file-boundary.ts'] : [])],
      isolate,
    },
  };
}

const PLATFORM_FILES = ['test/integration/**/*.test.ts', 'test/connectors/**/*.test.ts', 'bench/test/**/*.test.ts'];

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
      lane('unit', ['test/unit/**/*.test.ts'], { emulators: false, isolate: false }),
      // One DynamoDB Local and one moto for the whole run, shared by these lanes; each test file gets its own tables
      // and queues. An integration file runs in a process of its own: module caches keyed to one platform (the
      // reconciler's context, the hosted-fields script) and the crash tests' adopted children showed through a shared
      // worker. The infra and e2e files share their workers' modules: aws-cdk-lib and the handlers imported once.
      // test/connectors: the connector kit, each connector's file against its counterpart (docs/connectors.md).
      lane('integration', PLATFORM_FILES, { emulators: true, isolate: true }),
      lane('infra', ['test/infra/**/*.test.ts'], { emulators: true, isolate: false }),
      lane('e2e', ['test/e2e/**/*.test.ts'], { emulators: true, isolate: false }),
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
