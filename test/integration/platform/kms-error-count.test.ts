/**
 * KMS calls that fail are counted for the kms-errors alarm (KmsErrors, docs/operations.md): against moto's KMS, a call
 * on a key that does not exist counts once for its invocation (not per SDK retry), a successful call not at all.
 */
import { CreateKeyCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { countKmsErrors } from '../../../shared/adapters/aws/kms-error-count.js';
import { invocation, withInvocation } from '../../../shared/lib/telemetry.js';

const client = countKmsErrors(
  new KMSClient({
    region: 'eu-west-1',
    endpoint: inject('endpoints').moto,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);
afterAll(() => client.destroy());

describe('KMS error count', () => {
  it('counts a failed call once in its invocation, and a successful one not at all', async () => {
    await withInvocation('kms test', async () => {
      const { KeyMetadata } = await client.send(new CreateKeyCommand({}));
      await client.send(new EncryptCommand({ KeyId: KeyMetadata!.KeyId!, Plaintext: new TextEncoder().encode('x') }));
      expect(invocation()!.observed.KmsErrors).toBeUndefined();
      await expect(
        client.send(new EncryptCommand({ KeyId: 'alias/no-such-key', Plaintext: new TextEncoder().encode('x') })),
      ).rejects.toThrow();
      expect(invocation()!.observed.KmsErrors).toBe(1);
    });
  });
});
