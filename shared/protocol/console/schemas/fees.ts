/** Fee schedules (docs/ledger.md "Fees"): the document `npm run admin -- fees set --file` reads. */
import { z } from 'zod';
import { bool, int, str, time } from './kit.js';

export const ConsoleFeeSchedule = z
  .strictObject({
    /** In order: the first rule that matches a movement decides its fee. */
    rules: z.array(
      z.strictObject({
        action: z.enum(['capture', 'refund', 'void', 'payout', 'chargeback']).optional(),
        method: str.optional(),
        currency: str.optional(),
        percent: z
          .string()
          .regex(/^\d{1,3}(\.\d{1,4})?$/)
          .optional(),
        fixed: z.string().meta({ description: 'In the rule\'s currency format ("0.30" USD, "30" JPY, "0.100" KWD).' }).optional(),
      }),
    ),
    reserve: z.strictObject({ percent: str, days: int }).optional(),
  })
  .meta({
    description: 'The document `npm run admin -- fees set --file` reads (docs/ledger.md "Fees"): the first matching rule decides.',
  });

export const ConsoleFeesAnswer = z
  .strictObject({
    scope: z.string().meta({ description: 'The merchant\'s client key, or "default": the platform\'s default schedule.' }),
    /** Whether the scope has a schedule of its own (else `fees` holds no rules). */
    stored: bool,
    fees: ConsoleFeeSchedule,
    updatedAt: time.optional(),
    /** A merchant's schedule only: the platform's default, which decides where none of the merchant's rules matches. */
    platformDefault: ConsoleFeeSchedule.optional(),
  })
  .meta({
    description: "A fee schedule; a merchant's answer also carries the platform's default, which decides where none of its rules matches.",
  });
