import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One DynamoDB Local and one moto for the whole run; each test file gets its own tables and queues.
    globalSetup: ['test/support/global-setup.ts'],
    // Copies each worker's output for the card-data scan at the end of the run.
    setupFiles: ['test/support/log-capture.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
