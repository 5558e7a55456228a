/**
 * Fees (docs/ledger.md "Fees", docs/console.md "Fees"): the merchant's fee schedule and the platform's default, each
 * as a table of rules and, for operators, a JSON editor holding `npm run admin -- fees set --file`'s document. The
 * server checks it with the CLI's own reader and names every problem. Merchants' users read their schedule and the
 * default that applies to them, and change neither: fees are what the platform charges.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, qs } from '../api.js';
import type { PageProps } from '../app.js';
import type { ConsoleFeeSchedule, ConsoleFeesAnswer } from '../answers.js';
import { JsonRulesEditor, Loading, Table, time, useLoad } from '../ui.js';

export function Fees({ user, merchant }: PageProps) {
  const operator = user.role === 'operator';
  if (!merchant) return <p>No merchant selected.</p>;
  return (
    <section aria-label="Fees">
      <h1>Fees</h1>
      <p>
        Each movement of money (capture, refund, void, payout, chargeback) is charged the fee of the first rule of the merchant's schedule
        that matches it, else of the first rule of the platform's default, else none: percent of the amount (rounded half up to the
        currency's minor unit) plus the fixed amount. A fee is decided once, when the ledger journals the movement, so a change applies to
        movements journaled after it.
      </p>
      <Schedule name="Merchant fee schedule" scope={{ client_key: merchant }} canChange={operator} showDefault={!operator} />
      {operator && <Schedule name="Default fee schedule" scope={{ scope: 'default' }} canChange showDefault={false} />}
    </section>
  );
}

function Schedule({
  name,
  scope,
  canChange,
  showDefault,
}: {
  name: string;
  scope: { client_key?: string; scope?: string };
  canChange: boolean;
  showDefault: boolean;
}) {
  const { data, error } = useLoad(() => api.get<ConsoleFeesAnswer>(`/fees${qs(scope)}`), [scope.client_key, scope.scope]);
  const [stored, setStored] = useState<ConsoleFeesAnswer>();
  useEffect(() => {
    if (data) setStored(data);
  }, [data]);
  if (!stored) return <Loading error={error} />;
  const isDefault = stored.scope === 'default';

  const save = async (fees: unknown) => {
    const r = await api.put<ConsoleFeesAnswer>('/fees', { ...scope, fees });
    setStored({ ...r, ...(stored.platformDefault ? { platformDefault: stored.platformDefault } : {}) });
    return `Fee schedule saved (${r.fees.rules.length} ${r.fees.rules.length === 1 ? 'rule' : 'rules'}).`;
  };

  return (
    <section aria-label={name}>
      <h2>{isDefault ? "Platform's default (merchants without a matching rule)" : "This merchant's schedule"}</h2>
      {stored.stored ? (
        <Rules label={`${name} rules`} schedule={stored.fees} />
      ) : (
        <p>
          {isDefault
            ? 'No default schedule: a movement no merchant rule matches has no fee.'
            : "No schedule of its own: the platform's default decides every fee."}
        </p>
      )}
      {stored.updatedAt && <p>Saved {time(stored.updatedAt)} UTC.</p>}
      {showDefault && stored.platformDefault && (
        <>
          <h2>Platform's default (where none of the rules above matches)</h2>
          {stored.platformDefault.rules.length || stored.platformDefault.reserve ? (
            <Rules label="Default fee schedule rules" schedule={stored.platformDefault} />
          ) : (
            <p>No default: a movement none of the rules above matches has no fee.</p>
          )}
        </>
      )}
      {canChange && (
        <JsonRulesEditor
          name={name}
          label="Fee schedule (JSON, as for npm run admin -- fees set; docs/ledger.md)"
          field="fees"
          text={JSON.stringify(stored.fees, null, 2)}
          saveLabel="Save fee schedule"
          save={save}
        />
      )}
    </section>
  );
}

/** The rules in order, a field left out matching anything; and the rolling reserve, when there is one. */
function Rules({ label, schedule }: { label: string; schedule: ConsoleFeeSchedule }) {
  const any = 'any';
  return (
    <>
      <Table
        label={label}
        head={['#', 'Action', 'Method', 'Currency', 'Percent', 'Fixed']}
        rows={schedule.rules.map((r, i) => [
          String(i + 1),
          r.action ?? any,
          r.method ?? any,
          r.currency ?? any,
          r.percent ? `${r.percent} %` : '—',
          r.fixed ? `${r.fixed} ${r.currency}` : '—',
        ])}
      />
      {schedule.reserve && (
        <p>
          Rolling reserve: {schedule.reserve.percent} % of each day's captures, released {schedule.reserve.days} days later.
        </p>
      )}
    </>
  );
}
