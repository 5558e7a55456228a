/** The console's users: who they are to the platform (role, merchant). Cognito only says that they are who they claim. */
import type { Alongside } from './transaction-items.js';

/** operator: every merchant, and the platform itself; merchant-admin: its merchant; merchant-viewer: its merchant, read-only. */
export type ConsoleRole = 'operator' | 'merchant-admin' | 'merchant-viewer';
export const CONSOLE_ROLES: readonly ConsoleRole[] = ['operator', 'merchant-admin', 'merchant-viewer'];

export interface ConsoleUser {
  /** Lower-cased; also the Cognito user name. */
  email: string;
  role: ConsoleRole;
  /** The merchant a merchant-admin / merchant-viewer works for; none for operators. */
  clientKey?: string;
  invitedBy: string;
  createdAt: string;
  disabled?: boolean;
}

export interface ConsoleUserStore {
  get(email: string): Promise<ConsoleUser | undefined>;
  /** False when a user with this email exists already (conditional put). */
  create(user: ConsoleUser, opts?: Alongside): Promise<boolean>;
  /** Sets or clears `disabled` on an existing user (conditional: never creates one); the user after, if any. */
  setDisabled(email: string, disabled: boolean, opts?: Alongside): Promise<ConsoleUser | undefined>;
  /** A merchant's users, or the operators (clientKey undefined). */
  list(clientKey: string | undefined): Promise<ConsoleUser[]>;
}
