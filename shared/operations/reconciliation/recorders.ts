/**
 * The callback recorder of each protocol, by the protocol that created the payment: a payment resolved (or charged
 * back) later is reported in the words and signature its merchant integrated with. A new protocol must be listed
 * here (the Record type makes the compiler say so).
 */
import type { Deps } from '../deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import type { PaymentProtocol } from '../../domain/payment.js';
import type { CallbackRecorder } from '../payment/index.js';
import { s2sRecorder } from '../s2s-card/pipeline.js';
import { apmRecorder } from '../s2s-apm/pipeline.js';
import { checkoutCallbacks } from '../checkout/callbacks.js';

/** What the recorders read: the callback's id. */
export type RecorderDeps = Pick<Deps, 'newId'>;

const RECORDERS: Record<PaymentProtocol, (d: RecorderDeps, config: MerchantConfig) => CallbackRecorder> = {
  's2s-card': (d, config) => s2sRecorder({ config, deps: d }),
  's2s-apm': (d, config) => apmRecorder({ config, deps: d }),
  checkout: (d, config) => checkoutCallbacks(d, config.merchant),
};

export function recorderFor(d: RecorderDeps, config: MerchantConfig, protocol: PaymentProtocol): CallbackRecorder {
  return RECORDERS[protocol](d, config);
}
