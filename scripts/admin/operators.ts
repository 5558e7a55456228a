/**
 * Admin CLI, operators group (`npm run admin -- operators <command>`), dispatched from scripts/admin/cli.ts.
 * `create` makes a console operator — the first one of a new stage, who then invites everyone else from the console —
 * through the console's own createUser: the console user record (role operator), then the Cognito account. On a
 * deployed stage Cognito emails the invitation with a one-time password it generates (AdminCreateUser's default
 * invitation); against `npm start` the answer carries the invitation link and one-time password instead (moto sends
 * no mail). See docs/console.md, "The first operator".
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient, ListUserPoolClientsCommand, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import * as z from '../../shared/lib/zod-mini.js';
import { resetConfig } from '../../shared/lib/config.js';
import { resetDeps, consoleDeps } from '../../shared/entry/composition/deps.js';
import { createUser, issueInvitation, type Invited } from '../../shared/operations/console/users.js';

export const OPERATORS_USAGE = `usage: npm run admin -- operators <command> [--stage NAME]
  create --email EMAIL   a console operator; deployed, Cognito emails them a one-time password (locally: printed)

example:
  npm run admin -- operators create --stage prod --email ops@example.com`;

const email = z.pipe(
  z.email().check(z.maxLength(254)),
  z.transform((e) => e.toLowerCase()),
);

export async function runOperatorsCommand(argv: string[], stage: string | undefined): Promise<unknown> {
  const [cmd, ...args] = argv;
  const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
  if (cmd !== 'create') throw new Error(OPERATORS_USAGE);
  const parsed = email.safeParse(values.email ?? '');
  if (!parsed.success) throw new Error(`--email takes the operator's email address.\n${OPERATORS_USAGE}`);
  if (stage) await useStagePool(stage);
  const invited = await createOperator(parsed.data);
  return { ...invited, ...(invited.invitationLink ? {} : { invitation: 'Cognito emailed a one-time password to this address.' }) };
}

/**
 * The record, then the Cognito account. An operator record without an account (a run whose Cognito call failed) gets
 * its account now; one with an account is refused as Cognito refuses it.
 */
async function createOperator(email: string): Promise<Invited> {
  const cx = consoleDeps();
  const existing = await cx.users.get(email);
  if (!existing)
    return createUser(cx, {
      email,
      role: 'operator',
      invitedBy: `admin CLI (${userInfo().username})`,
      createdAt: new Date().toISOString(),
    });
  if (existing.role !== 'operator')
    throw new Error(`${email} is a ${existing.role} of merchant ${existing.clientKey ?? ''}, not an operator.`);
  try {
    return await issueInvitation(cx, existing);
  } catch (err) {
    if ((err as Error).name === 'UsernameExistsException')
      throw new Error('A console user with this email exists already.', { cause: err });
    throw err;
  }
}

/**
 * The stage's console user pool (`<stage>-console`, infra/constructs/console.ts) and its app client, found with the
 * operator's AWS credentials; invitations are emailed, as the stage's own functions send them.
 */
async function useStagePool(stage: string): Promise<void> {
  const cognito = new CognitoIdentityProviderClient({});
  try {
    const name = `${stage}-console`;
    let pool: string | undefined;
    let next: string | undefined;
    do {
      const page = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60, NextToken: next }));
      pool = page.UserPools?.find((p) => p.Name === name)?.Id ?? pool;
      next = page.NextToken;
    } while (next && !pool);
    if (!pool) throw new Error(`No Cognito user pool named ${name}: is the stage deployed in this account and region?`);
    const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: pool, MaxResults: 10 }));
    const client = clients.UserPoolClients?.[0]?.ClientId;
    if (!client) throw new Error(`The user pool ${name} has no app client.`);
    Object.assign(process.env, { CONSOLE_USER_POOL_ID: pool, CONSOLE_USER_POOL_CLIENT_ID: client, CONSOLE_INVITATIONS: 'email' });
    resetConfig();
    resetDeps();
  } finally {
    cognito.destroy();
  }
}
