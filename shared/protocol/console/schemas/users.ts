/** Console users, the audit trail and the dashboard (docs/console.md "Users"). */
import { z } from 'zod';
import { bool, ConsoleRoleName, cursor, int, str, time } from './kit.js';

export const ConsoleUser = z
  .strictObject({
    email: str,
    role: ConsoleRoleName,
    invitedBy: str,
    createdAt: time,
    clientKey: str.optional(),
    disabled: bool.optional(),
  })
  .meta({ id: 'ConsoleUser' });

export const ConsoleUsersAnswer = z.strictObject({ users: z.array(ConsoleUser) });

export const ConsoleUserInviteAnswer = z.strictObject({
  email: str,
  role: ConsoleRoleName,
  clientKey: str.optional(),
  /** Only where invitations are not emailed (local platform): the link to hand over, with the one-time password. */
  invitationLink: str.meta({ description: 'Local stages only: deployed stages e-mail it.' }).optional(),
  /** Likewise: the one-time password alone (it is also in the link). */
  temporaryPassword: str.meta({ description: 'Local stages only.' }).optional(),
});

export const ConsoleUserAccessAnswer = z.strictObject({ user: ConsoleUser });

/** One change made through the console: who, what, when, from where. */
export const ConsoleAuditEntry = z
  .strictObject({
    id: str,
    at: time,
    actor: str,
    role: ConsoleRoleName,
    action: str.meta({ examples: ['payment.refund'] }),
    sourceIp: str,
    target: str.optional(),
    clientKey: str.optional(),
    /** Non-secret details (amounts, changed field names). */
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    userAgent: str.optional(),
  })
  .meta({ id: 'ConsoleAuditEntry' });

export const ConsoleAuditAnswer = z.strictObject({ entries: z.array(ConsoleAuditEntry), cursor });

/** One hour (24h) or day (30d) of the dashboard. */
export const ConsoleBucket = z.strictObject({
  start: time,
  payments: int,
  approved: int,
  declined: int,
  undetermined: int,
  /** Neither approved, declined nor undetermined: waiting for the payer (3DS, redirect). */
  other: int,
  callbacksDelivered: int,
  callbacksFailed: int,
});

export const ConsoleDashboardAnswer = z.strictObject({
  range: z.enum(['24h', '30d']),
  bucketSeconds: int,
  buckets: z.array(ConsoleBucket),
});
