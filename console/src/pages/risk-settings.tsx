/**
 * A merchant's risk thresholds (docs/risk.md "Tuning a merchant"): what applies, with the defaults beside; operators
 * change them (durations in seconds, at most 24 h) or reset them to the defaults.
 */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { ConsoleRiskSettingsAnswer, ConsoleRiskThresholds } from '../answers.js';
import { Loading, Message, useLoad } from '../ui.js';

const FIELDS: [keyof ConsoleRiskThresholds, string][] = [
  ['ipDeclinedCards', 'Declined distinct cards from one IP that stop it'],
  ['ipWindowSeconds', "The IP's window (seconds)"],
  ['cooldownSeconds', 'How long a stopped IP stays stopped (seconds)'],
  ['cardAttempts', 'Attempts of one card within its window'],
  ['cardDeclines', 'Declines of one card within its window'],
  ['cardWindowSeconds', "The card's window (seconds)"],
  ['burstDeclines', 'Declines in 10 minutes that make a merchant-wide burst, at least'],
  ['burstFactor', "…and at least this many times the merchant's usual rate"],
  ['burstCooldownSeconds', 'How long a burst stops payments without 3DS (seconds)'],
];

export function RiskThresholds({ merchant, canChange }: { merchant: string; canChange: boolean }) {
  const { data, error, reload } = useLoad(() => api.get<ConsoleRiskSettingsAnswer>(`/risk/settings?client_key=${merchant}`), [merchant]);
  const [edits, setEdits] = useState<Partial<Record<keyof ConsoleRiskThresholds, string>>>({});
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  if (!data) return <Loading error={error} />;
  const put = async (body: object, ok: string) => {
    setMsg({});
    try {
      await api.put('/risk/settings', { client_key: merchant, ...body });
      setEdits({});
      setMsg({ ok });
      reload();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  const save = (e: Event) => {
    e.preventDefault();
    const settings = Object.fromEntries(Object.entries(edits).map(([k, v]) => [k, Number(v)]));
    void put({ settings }, 'Risk thresholds saved.');
  };
  return (
    <section aria-label="Risk thresholds">
      <h2>Risk thresholds</h2>
      <form aria-label="Edit risk thresholds" onSubmit={save}>
        {FIELDS.map(([k, label]) => (
          <label>
            {label}{' '}
            <input
              type="number"
              min={1}
              value={edits[k] ?? String(data.thresholds[k])}
              disabled={!canChange}
              onInput={(e) => setEdits({ ...edits, [k]: (e.target as HTMLInputElement).value })}
            />{' '}
            <small>{data.overrides[k] !== undefined ? `set for this merchant (default ${data.defaults[k]})` : 'default'}</small>
          </label>
        ))}
        {canChange && (
          <div class="actions">
            <button type="submit">Save thresholds</button>
            <button type="button" onClick={() => put({ reset: true }, 'Risk thresholds back to the defaults.')}>
              Reset to defaults
            </button>
          </div>
        )}
      </form>
      <Message {...msg} />
    </section>
  );
}
