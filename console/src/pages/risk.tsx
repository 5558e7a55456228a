/**
 * The Risk page (docs/console.md "Risk", docs/risk.md): the merchant's blocklist (and, for operators, the
 * platform-wide one), its risk rules and its risk thresholds, edited through the admin CLI's own operations.
 */
import type { PageProps } from '../app.js';
import { Blocklist } from './risk-blocklist.js';
import { RiskRules } from './risk-rules.js';
import { RiskThresholds } from './risk-settings.js';

export function Risk({ user, merchant }: PageProps) {
  const operator = user.role === 'operator';
  const canChange = user.role !== 'merchant-viewer';
  if (!merchant) return <p>No merchant selected.</p>;
  return (
    <section aria-label="Risk">
      <h1>Risk</h1>
      <p>
        Checked on every new card payment before any acquirer is asked; a blocked payment is declined "Declined by risk rules." and its
        decision is on its timeline.
      </p>
      <Blocklist scope={{ client_key: merchant }} title="Blocklist of this merchant" canChange={canChange} />
      {operator && <Blocklist scope={{ scope: 'platform' }} title="Platform-wide blocklist (every merchant)" canChange />}
      <RiskRules merchant={merchant} canChange={canChange} />
      <RiskThresholds merchant={merchant} canChange={operator} />
    </section>
  );
}
