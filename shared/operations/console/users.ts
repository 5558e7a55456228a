/**
 * Console users: invitations (an operator invites operators and any merchant's users; a merchant admin invites its
 * own merchant's users) and the list of a merchant's users. Cognito holds the password; the console its role.
 */
import { randomBytes } from 'node:crypto';
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import { CONSOLE_ROLES, type ConsoleRole, type ConsoleUser } from '../../ports/console-users.js';
import type { Alongside } from '../../ports/transaction-items.js';
import type { ConsoleUserInviteAnswer } from '../../protocol/console/answers.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { changeMerchant, merchantOf, operatorOnly, type Principal } from './roles.js';
import { ConsoleNotFoundError } from './errors.js';

const invitation = z.object({
  email: z.pipe(
    z.email().check(z.maxLength(254)),
    z.transform((e) => e.toLowerCase()),
  ),
  role: z.enum(CONSOLE_ROLES as [ConsoleRole, ...ConsoleRole[]]),
  client_key: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

/** What an invitation answers (the console's answer; the admin CLI prints it too). */
export type Invited = ConsoleUserInviteAnswer;

/** Meets Cognito's default password policy (upper, lower, digit, symbol, 8+); must be changed at first sign-in. */
export function temporaryPassword(): string {
  return `${randomBytes(12).toString('base64url')}Aa1!`;
}

export function consoleUrl(cx: Pick<ConsoleContext<Pick<Deps, 'config'>>, 'd'>): string {
  return cx.d.config.CONSOLE_URL ?? `${cx.d.config.PUBLIC_BASE_URL}/console/`;
}

/** The sign-in page with the email and one-time password in the fragment, which browsers never send to a server. */
export function invitationLink(cx: Pick<ConsoleContext<Pick<Deps, 'config'>>, 'd'>, email: string, password: string): string {
  return `${consoleUrl(cx)}#/sign-in?${new URLSearchParams({ email, code: password })}`;
}

export async function inviteUser(
  cx: ConsoleContext<Pick<Deps, 'config' | 'merchants' | 'newId'>>,
  p: Principal,
  body: unknown,
): Promise<Invited> {
  const r = invitation.safeParse(body);
  if (!r.success)
    throw new ValidationError(r.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: 'This value is not valid.' })));
  const { email, role } = r.data;
  let clientKey: string | undefined;
  if (role === 'operator') operatorOnly(p);
  else {
    clientKey = merchantOf(p, r.data.client_key);
    changeMerchant(p, clientKey);
    if (!(await cx.d.merchants.get(clientKey))) throw new ConsoleNotFoundError('Merchant not found.');
  }
  const user: ConsoleUser = { email, role, ...(clientKey ? { clientKey } : {}), invitedBy: p.email, createdAt: new Date().toISOString() };
  return audited(cx, p, 'user.invite', { clientKey, target: email, details: { role } }, (alongside) => createUser(cx, user, { alongside }));
}

/**
 * Creates the console record (conditional: one per email; with the `alongside` entries), then the Cognito account
 * with a one-time password.
 */
export async function createUser(cx: ConsoleContext<Pick<Deps, 'config'>>, user: ConsoleUser, opts: Alongside = {}): Promise<Invited> {
  if (!(await cx.users.create(user, opts))) throw ValidationError.field('email', 'A console user with this email exists already.');
  return issueInvitation(cx, user);
}

/** A (new) Cognito account for an existing console user: invitations, and the local platform after moto restarts. */
export async function issueInvitation(cx: ConsoleContext<Pick<Deps, 'config'>>, user: ConsoleUser): Promise<Invited> {
  const password = temporaryPassword();
  const deliver = cx.d.config.CONSOLE_INVITATIONS === 'email';
  await cx.identity().invite(user.email, { deliver, temporaryPassword: password });
  return {
    email: user.email,
    role: user.role,
    ...(user.clientKey ? { clientKey: user.clientKey } : {}),
    ...(deliver ? {} : { invitationLink: invitationLink(cx, user.email, password), temporaryPassword: password }),
  };
}

/**
 * Operators disable (or enable again) a console user: the record first, so every open session of the user stops at
 * its next call (consoleRoute reads the user), then Cognito, so the password no longer signs in. Enabling goes the
 * other way round. An operator cannot disable themselves (the last one would lock everybody out).
 */
export async function setUserDisabled(
  cx: ConsoleContext<Pick<Deps, 'newId'>>,
  p: Principal,
  rawEmail: string,
  action: string,
): Promise<ConsoleUser> {
  if (action !== 'disable' && action !== 'enable') throw new ConsoleNotFoundError('No such action.');
  operatorOnly(p);
  const email = rawEmail.trim().toLowerCase();
  if (email === p.email) throw ValidationError.field('email', 'You cannot disable yourself.');
  const disabled = action === 'disable';
  const known = email.length <= 254 ? await cx.users.get(email) : undefined;
  if (!known) throw new ConsoleNotFoundError('User not found.');
  if (!disabled) await cx.identity().enable(email);
  const about = { clientKey: known.clientKey, target: email, details: { role: known.role } };
  const user = await audited(cx, p, `user.${action}`, about, (alongside) => cx.users.setDisabled(email, disabled, { alongside }));
  if (!user) throw new ConsoleNotFoundError('User not found.');
  if (disabled) await cx.identity().disable(email);
  return user;
}

export async function listUsers(cx: ConsoleContext, p: Principal, named: string | undefined): Promise<ConsoleUser[]> {
  if (named === 'operators') {
    operatorOnly(p);
    return cx.users.list(undefined);
  }
  return cx.users.list(merchantOf(p, named));
}
