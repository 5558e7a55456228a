/** The pipeline every S2S APM action follows: validate → authenticate (hash) → load state → decide → persist → respond. */
import type { Deps } from '../deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import type { FormObject } from '../../protocol/form.js';
import type { S2sAction, S2sResponse } from '../s2s/action.js';

/** The ports S2S APM actions use: the payment cores, wallet tokens (an APM wallet SALE), APM providers and their timers. */
export type S2sApmDeps = Pick<
  Deps,
  | 'config'
  | 'clock'
  | 'newId'
  | 'payments'
  | 'secrets'
  | 'callbackQueue'
  | 'cardVault'
  | 'connectors'
  | 'walletConfigs'
  | 'walletTokens'
  | 'apmConnectors'
  | 'risk'
>;

export interface S2sApmRequest {
  deps: S2sApmDeps;
  config: MerchantConfig;
  form: FormObject;
  /** The raw body, for idempotency keys. */
  rawBody: string;
}

export type S2sApmResponse = S2sResponse;

export type S2sApmAction = S2sAction<S2sApmRequest>;
