/**
 * A merchant's routing rules on its settings page (operators only; docs/routing.md): a readable summary of the stored
 * rules and a JSON editor holding the same document as `npm run admin -- routing set --file`. A save names the
 * version it was edited from; the server refuses it when someone changed the rules meanwhile, and lists every
 * problem of the rules the way the CLI does, shown next to the editor.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api.js';
import type { ConsoleRoutingAnswer, ConsoleRoutingTable as RoutingTable } from '../answers.js';
import { JsonRulesEditor, Loading, time, useLoad } from '../ui.js';

type Rule = RoutingTable['rules'][number];

/**
 * The part an operator edits: the rules file (version and updatedAt are the server's). Any other setting the table
 * holds stays in the document, so a save never drops what this page does not know about.
 */
function documentOf(t: RoutingTable): string {
  const { version: _version, updatedAt: _updatedAt, maxAttempts, rules, ...rest } = t;
  return JSON.stringify({ maxAttempts, ...rest, rules }, null, 2);
}

export function RoutingRules({ merchant, mids }: { merchant: string; mids: { midId: string; name: string }[] }) {
  const { data, error, reload } = useLoad(() => api.get<ConsoleRoutingAnswer>(`/merchants/${merchant}/routing`), [merchant]);
  // What is stored, as last loaded or saved: its version is the one a save names.
  const [stored, setStored] = useState<RoutingTable>();
  const [stale, setStale] = useState(false);
  useEffect(() => {
    if (!data) return;
    setStored(data.routing);
    setStale(false);
  }, [data]);
  if (!stored) return <Loading error={error} />;
  const nameOf = (id: string) => mids.find((m) => m.midId === id)?.name ?? id.slice(0, 8);

  const save = async (routing: unknown) => {
    try {
      const r = await api.put<ConsoleRoutingAnswer>(`/merchants/${merchant}/routing`, { expected_version: stored.version, routing });
      setStored(r.routing);
      return `Routing rules saved (version ${r.routing.version}).`;
    } catch (err) {
      setStale(err instanceof ApiError && err.status === 409);
      throw err;
    }
  };

  return (
    <section aria-label="Routing rules">
      <h2>Routing rules</h2>
      <RoutingSummary table={stored} nameOf={nameOf} />
      <JsonRulesEditor
        name="Routing rules"
        label="Routing rules (JSON, as for npm run admin -- routing set; docs/routing.md)"
        field="routing"
        text={documentOf(stored)}
        rows={14}
        saveLabel="Save rules"
        save={save}
        actions={(clear) => (
          <button
            type="button"
            onClick={() => {
              clear();
              reload();
            }}
          >
            {stale ? 'Load the current rules' : 'Reload'}
          </button>
        )}
      />
    </section>
  );
}

/** The stored rules in words: what each matches and where its payments go. */
export function RoutingSummary({ table, nameOf }: { table: RoutingTable; nameOf: (midId: string) => string }) {
  if (!table.rules.length) {
    return (
      <p aria-label="Routing summary">
        No routing rules: each payment goes to the first MID that fits its payment mode, MOTO and zero amount.
      </p>
    );
  }
  return (
    <div aria-label="Routing summary">
      <p>
        Version {table.version}
        {table.updatedAt ? `, saved ${time(table.updatedAt)} UTC` : ''}. The first rule that matches a payment names its MIDs; a payment may
        be tried on up to {table.maxAttempts} of them (cascading on soft declines
        {table.softDeclines ? `: ${table.softDeclines.join(', ')}` : ''}).
        {table.health ? ` MID health: ${healthPolicy(table.health)}.` : ''}
      </p>
      <ol>
        {table.rules.map((r) => (
          <li>
            {r.name ? <strong>{r.name}: </strong> : null}
            {conditions(r.match)} → {r.mids.map((m) => `${nameOf(m.midId)} ${m.weight}%`).join(', ')}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The table's own MID health settings (docs/routing.md "MID health"); the platform's defaults for the others. */
function healthPolicy(h: NonNullable<RoutingTable['health']>): string {
  const parts = [
    h.failureThreshold !== undefined ? `opens after ${h.failureThreshold} failures` : '',
    h.windowSeconds !== undefined ? `counted over ${h.windowSeconds} s` : '',
    h.cooldownSeconds !== undefined ? `tried again after ${h.cooldownSeconds} s` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'the defaults';
}

function conditions(m: Rule['match']): string {
  const parts: string[] = [];
  if (m.brands) parts.push(m.brands.join(' or '));
  if (m.currencies) parts.push(m.currencies.join(' or '));
  if (m.minAmount !== undefined && m.maxAmount !== undefined) parts.push(`amount ${m.minAmount}–${m.maxAmount} (minor units)`);
  else if (m.minAmount !== undefined) parts.push(`amount ≥ ${m.minAmount} (minor units)`);
  else if (m.maxAmount !== undefined) parts.push(`amount ≤ ${m.maxAmount} (minor units)`);
  if (m.moto !== undefined) parts.push(m.moto ? 'MOTO' : 'not MOTO');
  if (m.threeDs !== undefined) parts.push(m.threeDs ? 'with 3DS' : 'without 3DS');
  if (m.integrations) parts.push(`via ${m.integrations.join(' or ')}`);
  return parts.length ? parts.join(', ') : 'every payment';
}
