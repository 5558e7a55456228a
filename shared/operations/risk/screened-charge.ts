/** A payer's new card payment, risk-checked before the acquirer (docs/risk.md): the payment core's charge with a screen. */
import { charge, type AttemptHooks, type ChargeDeps, type ChargeInput, type ChargeScreen, type CoreResult } from '../payment/index.js';
import type { RiskDeps } from './check.js';
import { chargeScreen } from './charge-screen.js';

export function chargeScreened(d: ChargeDeps & RiskDeps, input: ChargeInput, hooks: AttemptHooks): Promise<CoreResult> {
  return charge(d, input, hooks, chargeScreen(d, input));
}

/** A merchant-initiated charge (recurring, a schedule's run): the merchant's rules and MID limits, no counters. */
export function ruledScreen(d: ChargeDeps & RiskDeps): (input: ChargeInput) => ChargeScreen {
  return (input) => chargeScreen(d, input, 'merchant');
}
