/**
 * `operators create` (scripts/admin/operators.ts) on a test platform, in this process: what a half-made operator
 * (the record written, the Cognito call failed) and a merchant's user get. The command as run from a shell, against
 * `npm start`, is in test/integration/platform/admin-operators.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { runOperatorsCommand } from '../../../scripts/admin/operators.js';
import { consoleDeps } from '../../../shared/entry/composition/deps.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { call, NEW_PASSWORD } from './support.js';

const platform = usePlatform();

describe('operators create', () => {
  it('gives an operator record left without a Cognito account its account, and refuses once it has one', async () => {
    await consoleDeps().users.create({
      email: 'half@operators.example',
      role: 'operator',
      invitedBy: 'a failed run',
      createdAt: new Date().toISOString(),
    });
    const invited = (await runOperatorsCommand(['create', '--email', 'half@operators.example'], undefined)) as {
      temporaryPassword: string;
    };
    const first = await call(platform.url, 'POST', '/sign-in', { email: 'half@operators.example', password: invited.temporaryPassword });
    const done = await call(platform.url, 'POST', '/sign-in/challenge', { pending: first.body.pending, new_password: NEW_PASSWORD });
    expect(done.body.user).toMatchObject({ email: 'half@operators.example', role: 'operator' });
    await expect(runOperatorsCommand(['create', '--email', 'half@operators.example'], undefined)).rejects.toThrow(
      'A console user with this email exists already.',
    );
  });

  it('does not make a merchant’s user an operator', async () => {
    const shop = await testMerchant();
    await consoleDeps().users.create({
      email: 'staff@operators.example',
      role: 'merchant-admin',
      clientKey: shop.clientKey,
      invitedBy: 'test',
      createdAt: new Date().toISOString(),
    });
    await expect(runOperatorsCommand(['create', '--email', 'staff@operators.example'], undefined)).rejects.toThrow(
      /merchant-admin .*not an operator/,
    );
    expect((await consoleDeps().users.get('staff@operators.example'))?.role).toBe('merchant-admin');
  });
});
