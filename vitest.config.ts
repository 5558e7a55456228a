import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sdk = (path: string) => fileURLToPath(new URL(`./sdk/mobile/src/${path}`, import.meta.url));

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
    include: ['test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    // One DynamoDB Local and one moto for the whole run; each test file gets its own tables and queues.
    globalSetup: ['test/support/global-setup.ts'],
    // Copies each worker's output for the card-data scan at the end of the run.
    setupFiles: ['test/support/log-capture.ts'],
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
