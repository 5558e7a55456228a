/**
 * A merchant's risk rules (docs/risk.md "Rules per merchant"): the stored rules in words and a JSON editor holding
 * the same document as `npm run admin -- risk rules set --file`. The server checks it as the CLI does and names
 * every problem; they are listed next to the editor, and nothing is saved then.
 */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import type { ConsoleRiskRulesAnswer } from '../answers.js';
import { Loading, Message, time, useLoad } from '../ui.js';

type Rule = ConsoleRiskRulesAnswer['rules'][number];
const documentOf = (rules: Rule[]) => JSON.stringify({ rules }, null, 2);

export function RiskRules({ merchant, canChange }: { merchant: string; canChange: boolean }) {
  const { data, error } = useLoad(() => api.get<ConsoleRiskRulesAnswer>(`/risk/rules?client_key=${merchant}`), [merchant]);
  const [stored, setStored] = useState<ConsoleRiskRulesAnswer>();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [ok, setOk] = useState<string>();
  useEffect(() => {
    if (!data) return;
    setStored(data);
    setText(documentOf(data.rules));
  }, [data]);
  if (!stored) return <Loading error={error} />;

  const save = async (e: Event) => {
    e.preventDefault();
    setProblems([]);
    setOk(undefined);
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      setProblems([`The rules are not JSON: ${(err as Error).message}`]);
      return;
    }
    try {
      const r = await api.put<ConsoleRiskRulesAnswer>('/risk/rules', { client_key: merchant, risk_rules: doc });
      setStored(r);
      setText(documentOf(r.rules));
      setOk(`Risk rules saved (${r.rules.length}).`);
    } catch (err) {
      setProblems(problemsOf((err as Error).message));
    }
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
        <form aria-label="Edit risk rules" onSubmit={save}>
          <label class="wide">
            Risk rules (JSON, as for npm run admin -- risk rules set; docs/risk.md)
            <textarea
              class="code"
              rows={12}
              cols={80}
              spellcheck={false}
              value={text}
              onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
            />
          </label>
          {problems.length > 0 && (
            <div role="alert" class="error" aria-label="Risk rules problems">
              <ul>
                {problems.map((p) => (
                  <li>{p}</li>
                ))}
              </ul>
            </div>
          )}
          <button type="submit">Save risk rules</button>
          <Message ok={ok} />
        </form>
      )}
    </section>
  );
}

/** The server's field errors come joined, each "risk_rules: <problem>" (the CLI's text): one item per problem. */
function problemsOf(message: string): string[] {
  if (!message.startsWith('risk_rules: ')) return [message];
  return message.slice('risk_rules: '.length).split(' risk_rules: ');
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
