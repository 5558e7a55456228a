/**
 * A MID's limits in the MID editor (docs/risk.md "Limits per MID"), operators only: minimum and maximum per payment
 * and a daily cap per currency, decimal text read in each payment's currency; an empty field removes that limit.
 */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { ConsoleMid, ConsoleMidLimitsAnswer } from '../answers.js';
import { Message } from '../ui.js';

export const limitsText = (m: ConsoleMid) =>
  [
    m.limits?.minAmount && `min ${m.limits.minAmount}`,
    m.limits?.maxAmount && `max ${m.limits.maxAmount}`,
    m.limits?.dailyCap && `${m.limits.dailyCap}/day`,
  ]
    .filter(Boolean)
    .join(', ');

export function MidLimits({ merchant, mids, done }: { merchant: string; mids: ConsoleMid[]; done: () => void }) {
  const [midId, setMidId] = useState(mids[0]?.midId ?? '');
  const mid = mids.find((m) => m.midId === midId);
  const [form, setForm] = useState<{ min_amount?: string; max_amount?: string; daily_cap?: string }>({});
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  if (!mid) return null;
  const field = (k: 'min_amount' | 'max_amount' | 'daily_cap', stored: string | undefined, label: string) => (
    <label>
      {label}{' '}
      <input
        inputMode="decimal"
        placeholder="none"
        value={form[k] ?? stored ?? ''}
        onInput={(e) => setForm({ ...form, [k]: (e.target as HTMLInputElement).value })}
      />
    </label>
  );
  const save = async (e: Event) => {
    e.preventDefault();
    setMsg({});
    const text = (v: string | undefined, stored: string | undefined) => (v ?? stored ?? '').trim() || 'none';
    try {
      const r = await api.put<ConsoleMidLimitsAnswer>(`/merchants/${merchant}/mids/${midId}/limits`, {
        min_amount: text(form.min_amount, mid.limits?.minAmount),
        max_amount: text(form.max_amount, mid.limits?.maxAmount),
        daily_cap: text(form.daily_cap, mid.limits?.dailyCap),
      });
      setForm({});
      setMsg({ ok: `Limits of ${r.mid.name} saved${limitsText(r.mid) ? `: ${limitsText(r.mid)}` : ' (none)'}.` });
      done();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  return (
    <form aria-label="MID limits" onSubmit={save}>
      <h3>MID limits</h3>
      <label>
        MID{' '}
        <select value={midId} onChange={(e) => (setMidId((e.target as HTMLSelectElement).value), setForm({}))}>
          {mids.map((m) => (
            <option value={m.midId}>{m.name}</option>
          ))}
        </select>
      </label>
      {field('min_amount', mid.limits?.minAmount, 'Minimum per payment')}
      {field('max_amount', mid.limits?.maxAmount, 'Maximum per payment')}
      {field('daily_cap', mid.limits?.dailyCap, 'Daily cap per currency')}
      <button type="submit">Save limits</button>
      <Message {...msg} />
    </form>
  );
}
