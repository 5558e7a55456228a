/** Risk controls: blocklists, rules and thresholds (docs/risk.md). */
import { z } from 'zod';
import { bool, int, str, time } from './kit.js';

/** A blocklist entry; `scope` is PLATFORM (every merchant's payments) or the merchant's client key. */
export const ConsoleRiskBlock = z
  .strictObject({
    /** Names the entry for its removal. */
    id: str,
    scope: str.meta({ description: "PLATFORM (every merchant) or the merchant's client key." }),
    type: z.enum(['card', 'bin', 'email', 'ip', 'country']),
    value: str.meta({ description: "Normalised; a card's is its keyed fingerprint, never its number." }),
    createdAt: time,
    reason: str.optional(),
    label: str.meta({ description: "A card's masked number and the payment that named it." }).optional(),
  })
  .meta({ description: 'A blocklist entry (docs/risk.md "Blocklists").' });

export const ConsoleRiskBlocklistAnswer = z.strictObject({ entries: z.array(ConsoleRiskBlock) });

export const ConsoleRiskBlockAddAnswer = z.strictObject({ entry: ConsoleRiskBlock });

export const ConsoleRiskBlockRemoveAnswer = z.strictObject({ removed: str });

/** A merchant's risk rules, in order: the first that matches decides. */
export const ConsoleRiskRulesAnswer = z
  .strictObject({
    clientKey: str,
    rules: z.array(
      z.strictObject({
        name: str,
        match: z.strictObject({
          minAmount: int.optional(),
          maxAmount: int.optional(),
          currencies: z.array(str).optional(),
          brands: z.array(str).optional(),
          binCountries: z.array(str).optional(),
          payerCountries: z.array(str).optional(),
          payerCountryDiffersFromBin: bool.optional(),
          integrations: z.array(z.enum(['s2s-card', 's2s-apm', 'checkout', 'hosted-fields'])).optional(),
          moto: bool.optional(),
        }),
        action: z.enum(['block', 'challenge']),
      }),
    ),
    updatedAt: time.optional(),
  })
  .meta({ description: 'A merchant\'s risk rules, in order (docs/risk.md "Rules per merchant").' });

/** The card-testing guard's, card velocity's and merchant-wide decline burst's thresholds (counts, durations in seconds). */
export const ConsoleRiskThresholds = z.strictObject({
  ipDeclinedCards: int,
  ipWindowSeconds: int,
  cooldownSeconds: int,
  cardAttempts: int,
  cardDeclines: int,
  cardWindowSeconds: int,
  burstDeclines: int,
  /** May be fractional: the burst is at least this many times the merchant's average per 10 minutes. */
  burstFactor: z.number(),
  burstCooldownSeconds: int,
});

export const ConsoleRiskSettingsAnswer = z
  .strictObject({
    clientKey: str,
    /** What applies: the merchant's own values over the defaults. */
    thresholds: ConsoleRiskThresholds,
    overrides: ConsoleRiskThresholds.partial().meta({ description: 'The values set for this merchant.' }),
    defaults: ConsoleRiskThresholds,
  })
  .meta({
    description: 'A merchant\'s risk thresholds (docs/risk.md "Tuning a merchant"): what applies, what it set, the defaults.',
  });
