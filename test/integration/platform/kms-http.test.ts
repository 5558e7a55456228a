/**
 * KMS's three calls as the platform's own signed requests (kms-http.ts), against moto: data keys generated, opened
 * and wrapped again under their encryption context, KMS's refusals named as KMS names them, every request signed as
 * sent, and a 5xx or a throttled answer retried.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CreateKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { KmsError, KmsHttp } from '../../../shared/adapters/kms-http.js';
import { awsProxy } from '../../support/aws-proxy.js';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
let p: ReturnType<typeof awsProxy>;
let kms: KmsHttp;
let keyId: string;

beforeAll(async () => {
  const sdk = new KMSClient({ region: 'eu-west-1', endpoint: inject('endpoints').moto, credentials });
  keyId = (await sdk.send(new CreateKeyCommand({ Description: 'kms-http test' }))).KeyMetadata!.KeyId!;
  sdk.destroy();
  p = awsProxy(inject('endpoints').moto, 'kms');
  kms = new KmsHttp({ region: 'eu-west-1', endpoint: await p.listen(), credentials: () => credentials });
});
afterAll(async () => {
  kms.destroy();
  await p.close();
});

describe('KmsHttp', () => {
  it('generates a data key, opens it under its context, wraps it again; each request signed as sent', async () => {
    const from = p.seen.length;
    const calls: string[] = [];
    const detach = kms.observe((op) => calls.push(op));
    const context = { purpose: 'card-data', id: 'k1' };
    const generated = await kms.generateDataKey({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context });
    expect(generated.Plaintext).toHaveLength(32);
    const opened = await kms.decrypt({ KeyId: keyId, CiphertextBlob: generated.CiphertextBlob, EncryptionContext: context });
    expect(Buffer.from(opened.Plaintext).equals(Buffer.from(generated.Plaintext))).toBe(true);
    const wrapped = await kms.encrypt({ KeyId: keyId, Plaintext: generated.Plaintext, EncryptionContext: context });
    const again = await kms.decrypt({ CiphertextBlob: wrapped.CiphertextBlob, EncryptionContext: context });
    expect(Buffer.from(again.Plaintext).equals(Buffer.from(generated.Plaintext))).toBe(true);
    detach();
    expect(calls).toEqual(['GenerateDataKey', 'Decrypt', 'Encrypt', 'Decrypt']);
    expect(p.seen.slice(from).map((s) => [s.target, s.signatureOk])).toEqual([
      ['TrentService.GenerateDataKey', true], ['TrentService.Decrypt', true], ['TrentService.Encrypt', true], ['TrentService.Decrypt', true],
    ]);
  });

  it('names KMS\'s refusal: a ciphertext opened under another context', async () => {
    const generated = await kms.generateDataKey({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: { purpose: 'card-data', id: 'k2' } });
    const err = await kms.decrypt({ KeyId: keyId, CiphertextBlob: generated.CiphertextBlob, EncryptionContext: { purpose: 'card-data', id: 'other' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KmsError);
    expect((err as KmsError).name).toBe('InvalidCiphertextException');
    expect((err as KmsError).status).toBe(400);
  });

  it('retries a 5xx and a throttled answer, and gives up after three attempts', async () => {
    const from = p.seen.length;
    p.failNext({ status: 500, body: '{"__type":"KMSInternalException","message":"boom"}' }, { status: 400, body: '{"__type":"ThrottlingException","message":"slow down"}' });
    const generated = await kms.generateDataKey({ KeyId: keyId, KeySpec: 'AES_256' });
    expect(generated.Plaintext).toHaveLength(32);
    expect(p.seen.length - from).toBe(3);
    const boom = { status: 500, body: '{"__type":"KMSInternalException","message":"boom"}' };
    p.failNext(boom, boom, boom);
    await expect(kms.generateDataKey({ KeyId: keyId, KeySpec: 'AES_256' })).rejects.toMatchObject({ name: 'KMSInternalException', status: 500 });
  });
});
