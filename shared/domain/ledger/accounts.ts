/**
 * The ledger's accounts (docs/ledger.md). An account is named by its kind, its owner where it has one, and its
 * currency: a balance is only ever summed within one currency, in integer minor units.
 *
 * - merchant_payable:<client_key>:<CUR>   what the platform owes the merchant (liability; credit-normal)
 * - acquirer_receivable:<mid_id>:<CUR>     what the MID's acquirer owes the platform for processed payments (asset;
 *                                           debit-normal); payouts the acquirer sent on our behalf reduce it
 * - chargebacks:<mid_id>:<CUR>             what the MID's acquirer debited for disputes, to match against its
 *                                           dispute reports (credit-normal)
 * - fee_revenue:<CUR>                      what the platform earned (income; credit-normal)
 * - reserve:<client_key>:<CUR>             the merchant's money held back by its rolling reserve: moved off its payable
 *                                           when a settlement batch holds it, back when a later batch releases it
 *                                           (liability; credit-normal)
 */
export type AccountKind = 'merchant_payable' | 'acquirer_receivable' | 'chargebacks' | 'fee_revenue' | 'reserve';

export const accounts = {
  merchantPayable: (clientKey: string, currency: string) => `merchant_payable:${clientKey}:${currency}`,
  acquirerReceivable: (midId: string, currency: string) => `acquirer_receivable:${midId}:${currency}`,
  chargebacks: (midId: string, currency: string) => `chargebacks:${midId}:${currency}`,
  feeRevenue: (currency: string) => `fee_revenue:${currency}`,
  reserve: (clientKey: string, currency: string) => `reserve:${clientKey}:${currency}`,
};

export function accountKind(account: string): AccountKind {
  return account.slice(0, account.indexOf(':')) as AccountKind;
}
