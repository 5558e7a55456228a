import type { RouteDefinition, ScheduledDefinition } from './types.js';

/**
 * Providers' inbound notifications. The provider's webhook secret is sealed with the merchant-secrets key and made on
 * first use (decrypt + encrypt); the payment's merchant settings and a MID's acquirer credentials open with the same
 * key; the outcome's callback goes to the callbacks queue. An acquirer's notification (the upstream connector) may
 * complete a card payment's 3DS step: it opens the card kept sealed for that step and seals the tokens the payment
 * asked for (card-data decrypt + encrypt), as the platform's own 3DS completion does. No wallet key.
 */
export const providerRoutes: RouteDefinition[] = [
  {
    id: 'ProviderNotification',
    method: 'POST',
    path: '/providers/{provider}/notifications',
    handler: 'functions/providers/notifications',
    grants: ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'kms:encrypt:merchant-secrets', 'kms:decrypt:card-data', 'kms:encrypt:card-data', 'queue:send:callbacks'],
  },
];

/**
 * QR lifetimes and bank-code transfer windows: one run a minute that watches for most of the minute (deadlines.ts),
 * so a deadline is kept to within seconds. It records the decline and its callback; merchant settings open with the
 * merchant-secrets key (callback signing).
 */
export const providerSchedules: ScheduledDefinition[] = [
  { id: 'ApmDeadlines', everyMinutes: 1, handler: 'functions/s2s-apm/deadlines', timeoutSeconds: 75, localEverySeconds: 2, grants: ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'queue:send:callbacks'] },
];
