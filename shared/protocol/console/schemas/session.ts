/** Sign-in and session answers (docs/console.md "Sign-in"). */
import { z } from 'zod';
import { ConsoleRoleName, str, time } from './kit.js';

/** The signed-in user (sign-in, GET /me). */
export const ConsoleSessionUser = z.strictObject({ email: str, role: ConsoleRoleName, expiresAt: time, clientKey: str.optional() });

/** The next step of a sign-in Cognito asks for; MFA_SETUP carries the TOTP secret to enrol. */
export const ConsoleSignInStep = z
  .strictObject({
    challenge: z.enum(['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA', 'MFA_SETUP']),
    pending: str,
    secret_code: str.meta({ description: 'MFA_SETUP: the TOTP secret to enrol.' }).optional(),
  })
  .meta({ description: 'The next step of the sign-in.' });

/** POST /sign-in and /sign-in/challenge: signed in (the cookies are set), or the next step. */
export const ConsoleSignInAnswer = z.xor([
  z.strictObject({ user: ConsoleSessionUser }).meta({ description: 'Signed in: the session cookies are set.' }),
  ConsoleSignInStep,
]);

/** GET /me: the session probe; signed out after the idle timeout, it says so. */
export const ConsoleMeAnswer = z.discriminatedUnion('signedIn', [
  z.strictObject({ signedIn: z.literal(true), user: ConsoleSessionUser, csrfToken: str }),
  z
    .strictObject({ signedIn: z.literal(false), reason: z.literal('idle').optional(), message: str.optional() })
    .meta({ description: 'Signed out; after the idle timeout it says so.' }),
]);

export const ConsoleSignOutAnswer = z.strictObject({ signedOut: z.literal(true) });
