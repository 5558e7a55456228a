/**
 * Console users: invitations (an operator invites operators and any merchant's users; a merchant admin invites its
 * own merchant's users) and the list of a merchant's users. Cognito holds the password; the console its role.
 */
import { randomBytes } from 'node:crypto';
import * as z from '../../zod-mini.js';
import { ValidationError } from '../../errors.js';
import { CONSOLE_ROLES, type ConsoleRole, type ConsoleUser } from '../../ports/console-users.js';
import type { ConsoleContext } from './console-deps.js';
import { audit } from './audit.js';
import { changeMerchant, merchantOf, operatorOnly, type Principal } from './roles.js';
import { ConsoleNotFoundError } from './errors.js';

const invitation = z.object({
  email: z.pipe(z.email().check(z.maxLength(254)), z.transform((e) => e.toLowerCase())),
  role: z.enum(CONSOLE_ROLES as [ConsoleRole, ...ConsoleRole[]]),
  client_key: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

export interface Invited {
  email: string;
  role: ConsoleRole;
  clientKey?: string;
  /** Only where invitations are not emailed (local platform): the link to hand over, with the one-time password. */
  invitationLink?: string;
  /** Likewise: the one-time password alone (it is also in the link). */
  temporaryPassword?: string;
}

/** Meets Cognito's default password policy (upper, lower, digit, symbol, 8+); must be changed at first sign-in. */
export function temporaryPassword(): string {
  return `${randomBytes(12).toString('base64url')}Aa1!`;
}

export function consoleUrl(cx: Pick<ConsoleContext, 'd'>): string {
  return cx.d.config.CONSOLE_URL ?? `${cx.d.config.PUBLIC_BASE_URL}/console/`;
}

/** The sign-in page with the email and one-time password in the fragment, which browsers never send to a server. */
export function invitationLink(cx: Pick<ConsoleContext, 'd'>, email: string, password: string): string {
  return `${consoleUrl(cx)}#/sign-in?${new URLSearchParams({ email, code: password })}`;
}

export async function inviteUser(cx: ConsoleContext, p: Principal, body: unknown): Promise<Invited> {
  const r = invitation.safeParse(body);
  if (!r.success) throw new ValidationError(r.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: 'This value is not valid.' })));
  const { email, role } = r.data;
  let clientKey: string | undefined;
  if (role === 'operator') operatorOnly(p);
  else {
    clientKey = merchantOf(p, r.data.client_key);
    changeMerchant(p, clientKey);
    if (!(await cx.d.merchants.get(clientKey))) throw new ConsoleNotFoundError('Merchant not found.');
  }
  const user: ConsoleUser = { email, role, ...(clientKey ? { clientKey } : {}), invitedBy: p.email, createdAt: new Date().toISOString() };
  const invited = await createUser(cx, user);
  await audit(cx, p, 'user.invite', { clientKey, target: email, details: { role } });
  return invited;
}

/** Creates the console record (conditional: one per email), then the Cognito account with a one-time password. */
export async function createUser(cx: ConsoleContext, user: ConsoleUser): Promise<Invited> {
  if (!(await cx.users.create(user))) throw ValidationError.field('email', 'A console user with this email exists already.');
  return issueInvitation(cx, user);
}

/** A (new) Cognito account for an existing console user: invitations, and the local platform after moto restarts. */
export async function issueInvitation(cx: ConsoleContext, user: ConsoleUser): Promise<Invited> {
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

export async function listUsers(cx: ConsoleContext, p: Principal, named: string | undefined): Promise<ConsoleUser[]> {
  if (named === 'operators') {
    operatorOnly(p);
    return cx.users.list(undefined);
  }
  return cx.users.list(merchantOf(p, named));
}
