/**
 * Who may sign in to the console: Amazon Cognito (a user pool per stage; moto's cognito-idp locally). The console
 * never sees or keeps passwords beyond passing them to the pool; roles live in the console's own user records.
 */

/** A step Cognito asks for before it signs the user in (first sign-in: a new password; operators: a TOTP code). */
export type ConsoleChallengeName = 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA' | 'MFA_SETUP';

export type SignInStep =
  | { kind: 'signed-in' }
  | { kind: 'challenge'; name: ConsoleChallengeName; session: string; /** MFA_SETUP: the TOTP secret to enrol. */ secretCode?: string };

export interface ChallengeAnswer {
  name: ConsoleChallengeName;
  session: string;
  newPassword?: string;
  code?: string;
}

export interface ConsoleIdentity {
  /** Checks the email and password; wrong ones throw ConsoleSignInError (the same for an unknown email). */
  signIn(email: string, password: string): Promise<SignInStep>;
  respond(email: string, answer: ChallengeAnswer): Promise<SignInStep>;
  /**
   * Creates the user with a temporary password that must be changed at first sign-in. `deliver`: Cognito emails the
   * invitation itself (deployed); otherwise the temporary password is returned for the caller to hand over (local).
   */
  invite(email: string, opts: { deliver: boolean; temporaryPassword: string }): Promise<void>;
  /** Disables the user; they can no longer sign in. */
  disable(email: string): Promise<void>;
  /** Lets a disabled user sign in again. */
  enable(email: string): Promise<void>;
}

/** Wrong email or password, or an expired challenge: one message for all, so accounts cannot be probed. */
export class ConsoleSignInError extends Error {
  constructor(message = 'Incorrect email or password.') {
    super(message);
  }
}
