/**
 * The transition table as Markdown, for docs/architecture.md "The payment state machine" (a test keeps the two
 * equal; `npx tsx scripts/docs/payment-machine.ts` rewrites the doc's block).
 */
import { ACTIONS } from '../actions.js';
import { STATUSES } from './statuses.js';
import { TRANSITIONS, type Transition } from './table.js';

const statuses = (t: Transition) => (t.from.length === Object.keys(STATUSES).length ? 'any' : t.from.join(', '));

const guards = (t: Transition) =>
  t.guards.map((g) => (g.refusal ? (g.refusal === 'NOT_ALLOWED' ? g.name : `${g.name} (else ${g.refusal})`) : `*${g.name}*`)).join('; ') ||
  '—';

const to = (t: Transition) => (t.to === 'same' ? 'unchanged' : `**${t.to}**`);

const effect = (t: Transition) =>
  [t.effect !== 'none' ? t.effect : '', t.attempt ? `reserves ${t.attempt === 'own' ? 'own transaction' : t.attempt}` : '']
    .filter(Boolean)
    .join('; ') || '—';

export function describeTransitions(): string {
  const rows = TRANSITIONS.map((t) => `| ${statuses(t)} | ${t.event} | ${guards(t)} | ${to(t)} | ${t.callback} | ${effect(t)} |`);
  return ['| From | Event | Guards | To | Callback | Effect |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

export function describeActions(): string {
  const yes = (b: boolean) => (b ? 'yes' : '');
  const rows = Object.entries(ACTIONS).map(
    ([action, f]) =>
      `| ${action} | ${f.transaction} | ${yes(f.payout)} | ${yes(f.debit)} | ${yes(f.recurring)} | ${f.hash} | ${f.checkoutKind} | ${f.allows.join(', ') || '—'} |`,
  );
  return [
    '| Action | Own transaction | Payout | Debit | Recurring | Hash | Checkout type | Allows |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function describeStatuses(): string {
  const rows = Object.entries(STATUSES).map(([s, f]) => `| ${s} | ${f.final ? 'yes' : ''} | ${f.payerStep ? 'yes' : ''} | ${f.result} |`);
  return ['| Status | Final | Payer step | Own transaction answers |', '|---|---|---|---|', ...rows].join('\n');
}

export const DOC_START =
  '<!-- payment-machine:start (generated from shared/domain/payment-machine; npx tsx scripts/docs/payment-machine.ts) -->';
export const DOC_END = '<!-- payment-machine:end -->';

/** The generated block of docs/architecture.md. */
export function machineDocBlock(): string {
  return [
    DOC_START,
    '',
    '#### Transitions',
    '',
    describeTransitions(),
    '',
    '#### Statuses',
    '',
    describeStatuses(),
    '',
    '#### Actions',
    '',
    describeActions(),
    '',
    DOC_END,
  ].join('\n');
}
