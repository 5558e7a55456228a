/**
 * A settlement batch as the merchant API answers it (docs/ledger.md "Settlements"). The console's answer
 * (ConsoleSettlement) mirrors it, held to it by test/unit/console/answer-mirrors.test.ts.
 */
export interface SettlementView {
  id: string;
  date: string;
  currency: string;
  /** Minor units of `currency`. */
  gross: number;
  refunds: number;
  chargebacks: number;
  /** Chargebacks reversed (disputes won): added back. */
  chargebacks_reversed: number;
  payouts: number;
  fees: number;
  net: number;
  /** The rolling reserve held back from this batch and released into it (0 without a reserve). */
  reserve_held: number;
  reserve_released: number;
  /** What the batch pays: net − reserve_held + reserve_released. */
  net_payable: number;
  journals: number;
  closed_at: string;
}
