/**
 * A table of the platform's shape that no poller of the running platform watches: the contract tests of the DynamoDB
 * adapters (test/integration/contracts/) write to it, so the platform's stream consumers never lease, deliver or count
 * what a test is asserting on. The platform (usePlatform) still gives the adapters their environment: the emulators'
 * endpoints and the KMS keys.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { createLocalResources } from '../../scripts/local/bootstrap.js';
import type { RunningPlatform } from '../../scripts/local/platform.js';

/** Call after usePlatform(); `tableName()` is the quiet table's name inside hooks and tests. */
export function useQuietTable(platform: RunningPlatform): { tableName(): string } {
  let name: string | undefined;
  beforeAll(async () => {
    const resources = await createLocalResources(`q${randomUUID().slice(0, 8)}`, {
      ...platform.endpoints,
      region: platform.env.AWS_REGION!,
    });
    name = resources.tableName;
  });
  return {
    tableName() {
      if (!name) throw new Error('useQuietTable(): the table is made in beforeAll; read it inside a hook or a test');
      return name;
    },
  };
}
