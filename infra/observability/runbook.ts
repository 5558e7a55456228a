/**
 * Every alarm's description: what fired, the first thing to do, and its section of docs/operations.md (one heading per
 * alarm, named by its slug, so the anchor is the slug). test/infra/observability.test.ts checks each slug has its
 * heading in the runbook.
 */
export const RUNBOOK = 'docs/operations.md';

export const ALARM_SLUGS = [
  'api-5xx-rate',
  'money-route-latency',
  'lambda-errors',
  'lambda-throttles',
  'dead-letter-queue',
  'stream-iterator-age',
  'callback-failure-rate',
  'undetermined-payments',
  'kms-errors',
  'table-throttles',
  'mismatched-acquirer-answers',
  'late-acquirer-outcomes',
  'card-testing-burst',
] as const;
export type AlarmSlug = (typeof ALARM_SLUGS)[number];

/** What to do first, per alarm (the runbook section says how to look and what else). */
const FIRST_STEP: Record<AlarmSlug, string> = {
  'api-5xx-rate':
    'Open the dashboard, then the failing route function\'s log (filter level = "ERROR"); roll back the last deploy if it started with it.',
  'money-route-latency':
    'Check the acquirer (connector) latency and Lambda throttles on the dashboard; a slow acquirer leaves payments undetermined.',
  'lambda-errors': "Read the function's ERROR log lines; an event consumer retries, a route answered 500.",
  'lambda-throttles':
    "Check the account's concurrency quota and the reserved concurrency (-c reservedConcurrency); raise the quota or the reservation.",
  'dead-letter-queue':
    "Find why the messages failed (the consumer's log), fix it, then replay: npm run admin -- callbacks replay-failed CLIENT_KEY --stage STAGE.",
  'stream-iterator-age': 'The stream consumer falls behind: callbacks and dashboard counters are late. Check its errors and throttles.',
  'callback-failure-rate':
    "See which merchants' URLs fail (npm run admin -- callbacks failed CLIENT_KEY --stage STAGE); a platform-wide failure points at egress.",
  'undetermined-payments':
    "Payments wait for the acquirer past 10 minutes: check the acquirer and the Reconciler's log; settle by docs/reconciliation.md.",
  'kms-errors': "KMS refused or failed calls: check the key's state (enabled, not pending deletion), its policy and the function roles.",
  'table-throttles': 'The table refused requests: check write units consumed on the dashboard and the capacity mode (-c tableCapacity).',
  'card-testing-burst':
    "A card tester is being stopped: see the blocked payments' decisions (npm run admin -- payments list --merchant KEY --status DECLINED, then payments show) and blocklist the addresses.",
  'mismatched-acquirer-answers':
    'An acquirer answered about another payment: find the ERROR line "acquirer answer about another payment" and check that payment at the acquirer.',
  'late-acquirer-outcomes':
    'An acquirer reported an outcome contradicting the recorded payment: find the ERROR line "acquirer outcome contradicts the recorded payment" and open the payment in the console (Late acquirer outcomes).',
};

/** `${stage}: <what>. <first step> Runbook: docs/operations.md#<slug>` (CloudWatch allows 1024 characters). */
export function alarmDescription(stage: string, slug: AlarmSlug, what: string): string {
  const text = `${stage}: ${what}. ${FIRST_STEP[slug]} Runbook: ${RUNBOOK}#${slug}`;
  return text.length <= 1024 ? text : `${text.slice(0, 1020)}…`;
}
