/**
 * Books: what the platform owes the merchant (its balances), its closed settlement batches with their totals, and the
 * transactions report as a CSV download for a date range; for operators also the platform-wide view: fee revenue per
 * currency and payables by merchant (docs/ledger.md "Reports"). Amounts arrive in minor units.
 */
import { useState } from 'preact/hooks';
import { api, qs } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Message, Table, time, useLoad } from '../ui.js';
import type { ConsoleBalancesAnswer, ConsolePlatformBooksAnswer, ConsoleSettlementsAnswer } from '../answers.js';

/** Minor units shown in the currency's own exponent (cents, whole yen, fils). */
export function money(minor: number, currency: string): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    /* an unknown code: cents */
  }
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const major = digits ? `${Math.floor(abs / 10 ** digits)}.${String(abs % 10 ** digits).padStart(digits, '0')}` : String(abs);
  return `${sign}${major} ${currency}`;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export function Books({ user, merchant }: PageProps) {
  const [cursor, setCursor] = useState<string | undefined>();
  const balances = useLoad(() => api.get<ConsoleBalancesAnswer>(`/books/balances${qs({ client_key: merchant })}`), [merchant]);
  const batches = useLoad(
    () => api.get<ConsoleSettlementsAnswer>(`/books/settlements${qs({ client_key: merchant, cursor })}`),
    [merchant, cursor],
  );
  return (
    <section>
      <h1>Books</h1>
      <h2>Balances</h2>
      {!balances.data ? (
        <Loading error={balances.error} />
      ) : (
        <Table
          label="Balances"
          head={['Currency', 'Payable to the merchant', 'Reserve held', 'Journals']}
          rows={balances.data.balances.map((b) => [
            b.currency,
            money(b.payable, b.currency),
            money(b.reserve, b.currency),
            String(b.journals),
          ])}
        />
      )}
      <h2>Settlement batches</h2>
      {!batches.data ? (
        <Loading error={batches.error} />
      ) : (
        <Table
          label="Settlement batches"
          head={[
            'Batch',
            'Day',
            'Gross',
            'Refunds',
            'Chargebacks',
            'Chargebacks reversed',
            'Payouts',
            'Fees',
            'Net',
            'Reserve held',
            'Reserve released',
            'Net payable',
            'Journals',
            'Closed',
          ]}
          rows={batches.data.settlements.map((s) => [
            s.id,
            s.date,
            money(s.gross, s.currency),
            money(s.refunds, s.currency),
            money(s.chargebacks, s.currency),
            money(s.chargebacks_reversed, s.currency),
            money(s.payouts, s.currency),
            money(s.fees, s.currency),
            money(s.net, s.currency),
            money(s.reserve_held, s.currency),
            money(s.reserve_released, s.currency),
            money(s.net_payable, s.currency),
            String(s.journals),
            time(s.closed_at),
          ])}
        />
      )}
      {batches.data?.cursor && <button onClick={() => setCursor(batches.data!.cursor)}>Older batches</button>}
      <Download merchant={merchant} />
      {user.role === 'operator' && <Platform />}
    </section>
  );
}

/**
 * The transactions report of [from, to] as one CSV file: the API answers a page at a time (X-Next-Cursor), so the
 * page follows the cursors and joins the pages under one header line.
 */
function Download({ merchant }: { merchant: string }) {
  const today = new Date();
  const [range, setRange] = useState({ from: day(new Date(today.getTime() - 30 * 86_400_000)), to: day(today) });
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const [busy, setBusy] = useState(false);
  const download = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setMsg({});
    try {
      // [from, to): the whole last day included.
      const to = day(new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000));
      const parts: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await fetch(
          `/console/api/books/transactions${qs({ client_key: merchant, from: `${range.from}T00:00:00Z`, to: `${to}T00:00:00Z`, limit: '1000', cursor })}`,
          { credentials: 'same-origin' },
        );
        if (!res.ok) {
          const data = (await res.json().catch(() => ({}))) as { error_message?: string };
          throw new Error(data.error_message ?? res.statusText);
        }
        const text = await res.text();
        parts.push(parts.length ? text.slice(text.indexOf('\r\n') + 2) : text);
        cursor = res.headers.get('x-next-cursor') ?? undefined;
      } while (cursor);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
      link.download = `transactions_${range.from}_${range.to}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
      setMsg({ ok: 'Downloaded.' });
    } catch (err) {
      setMsg({ error: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form aria-label="Transactions report" onSubmit={download}>
      <h2>Transactions report</h2>
      <label>
        From{' '}
        <input
          type="date"
          required
          value={range.from}
          onInput={(e) => setRange({ ...range, from: (e.target as HTMLInputElement).value })}
        />
      </label>
      <label>
        To <input type="date" required value={range.to} onInput={(e) => setRange({ ...range, to: (e.target as HTMLInputElement).value })} />
      </label>
      <button type="submit" disabled={busy}>
        Download CSV
      </button>
      <Message {...msg} />
    </form>
  );
}

/** Operators: the platform's fee revenue per currency and what it owes each merchant. */
function Platform() {
  const { data, error } = useLoad(() => api.get<ConsolePlatformBooksAnswer>('/books/platform'), []);
  return (
    <>
      <h2>Platform</h2>
      {!data ? (
        <Loading error={error} />
      ) : (
        <>
          <Table
            label="Fee revenue"
            head={['Currency', 'Fee revenue', 'Payable to merchants', 'Reserves held', 'Journals']}
            rows={data.currencies.map((c) => [
              c.currency,
              money(c.feeRevenue, c.currency),
              money(c.payable, c.currency),
              money(c.reserve, c.currency),
              String(c.journals),
            ])}
          />
          <Table
            label="Payables by merchant"
            head={['Merchant', 'Client key', 'Currency', 'Payable', 'Reserve held', 'Fees']}
            rows={data.merchants.flatMap((m) =>
              m.balances.map((b) => [
                m.name,
                m.clientKey,
                b.currency,
                money(b.payable, b.currency),
                money(b.reserve, b.currency),
                money(b.fees, b.currency),
              ]),
            )}
          />
        </>
      )}
    </>
  );
}
