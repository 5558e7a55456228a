import type { RouteDefinition, ScheduledDefinition } from './types.js';

/**
 * Providers' inbound notifications. The provider's webhook secret is sealed with the merchant-secrets key and made on
 * first use (decrypt + encrypt); the payment's merchant settings open with the same key; the outcome's callback goes
 * to the callbacks queue. No card, wallet or other key.
 */
export const providerRoutes: RouteDefinition[] = [
  {
    id: 'ProviderNotification',
    method: 'POST',
    path: '/providers/{provider}/notifications',
    handler: 'functions/providers/notifications',
    grants: ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'kms:encrypt:merchant-secrets', 'queue:send:callbacks'],
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
