/**
 * A merchant's risk rules (docs/risk.md "Rules per merchant"): the stored rules in words and a JSON editor holding
 * the same document as `npm run admin -- risk rules set --file`. The server checks it as the CLI does and names
 * every problem; they are listed next to the editor, and nothing is saved then.
 */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import type { ConsoleRiskRulesAnswer } from '../answers.js';
import { JsonRulesEditor, Loading, time, useLoad } from '../ui.js';

type Rule = ConsoleRiskRulesAnswer['rules'][number];
const documentOf = (rules: Rule[]) => JSON.stringify({ rules }, null, 2);

export function RiskRules({ merchant, canChange }: { merchant: string; canChange: boolean }) {
  const { data, error } = useLoad(() => api.get<ConsoleRiskRulesAnswer>(`/risk/rules?client_key=${merchant}`), [merchant]);
  const [stored, setStored] = useState<ConsoleRiskRulesAnswer>();
  useEffect(() => {
    if (data) setStored(data);
  }, [data]);
  if (!stored) return <Loading error={error} />;

  const save = async (doc: unknown) => {
    const r = await api.put<ConsoleRiskRulesAnswer>('/risk/rules', { client_key: merchant, risk_rules: doc });
    setStored(r);
    return `Risk rules saved (${r.rules.length}).`;
  };

  return (
    <section aria-label="Risk rules">
      <h2>Risk rules</h2>
      {stored.rules.length ? (
        <div aria-label="Risk rules summary">
          <p>The first rule that matches a card payment decides{stored.updatedAt ? ` (saved ${time(stored.updatedAt)} UTC)` : ''}:</p>
          <ol>
            {stored.rules.map((r) => (
              <li>
                <strong>{r.name}</strong>: {conditions(r.match)} → {r.action === 'block' ? 'block' : 'challenge (3DS, else block)'}
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <p aria-label="Risk rules summary">
          No risk rules: only the blocklists, the card-testing guard, card velocity and MID limits apply.
        </p>
      )}
      {canChange && (
        <JsonRulesEditor
          name="Risk rules"
          label="Risk rules (JSON, as for npm run admin -- risk rules set; docs/risk.md)"
          field="risk_rules"
          text={documentOf(stored.rules)}
          saveLabel="Save risk rules"
          save={save}
        />
      )}
    </section>
  );
}

function conditions(m: Rule['match']): string {
  const parts: string[] = [];
  if (m.minAmount !== undefined) parts.push(`amount ≥ ${m.minAmount} (minor units)`);
  if (m.maxAmount !== undefined) parts.push(`amount ≤ ${m.maxAmount} (minor units)`);
  if (m.currencies) parts.push(m.currencies.join(' or '));
  if (m.brands) parts.push(m.brands.join(' or '));
  if (m.binCountries) parts.push(`card from ${m.binCountries.join(' or ')}`);
  if (m.payerCountries) parts.push(`payer in ${m.payerCountries.join(' or ')}`);
  if (m.payerCountryDiffersFromBin !== undefined)
    parts.push(m.payerCountryDiffersFromBin ? "payer's country is not the card's" : "payer's country is the card's");
  if (m.integrations) parts.push(`via ${m.integrations.join(' or ')}`);
  if (m.moto !== undefined) parts.push(m.moto ? 'MOTO' : 'not MOTO');
  return parts.length ? parts.join(', ') : 'every payment';
}
