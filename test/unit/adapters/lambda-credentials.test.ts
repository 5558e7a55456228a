/** The credential chain Lambda bundles use (shared/adapters/lambda-credentials.ts): the role's credentials from the environment. */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultProvider } from '../../../shared/adapters/lambda-credentials.js';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('Lambda credentials', () => {
  it('reads the key, secret and session token Lambda sets', async () => {
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' });
    await expect(defaultProvider()()).resolves.toEqual({ accessKeyId: 'AKIA1', secretAccessKey: 'secret', sessionToken: 'token' });
  });

  it('says what is missing rather than signing with nothing', async () => {
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    await expect(defaultProvider()()).rejects.toThrow(/AWS_ACCESS_KEY_ID/);
  });
});
