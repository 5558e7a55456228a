/** The pipeline every S2S CARD action follows: validate → load state → decide → persist (conditional) → respond. */
import type { Deps } from '../deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import type { FormObject } from '../../protocol/form.js';
import type { S2sAction, S2sResponse } from '../s2s/action.js';

/** The ports S2S CARD actions use: the payment cores, card and wallet tokens, schedules, MID health (merchants). */
export type S2sCardDeps = Pick<
  Deps,
  | 'config'
  | 'clock'
  | 'newId'
  | 'payments'
  | 'merchants'
  | 'secrets'
  | 'callbackQueue'
  | 'cardVault'
  | 'connectors'
  | 'schedules'
  | 'walletConfigs'
  | 'walletTokens'
  | 'risk'
>;

export interface S2sCardRequest {
  deps: S2sCardDeps;
  config: MerchantConfig;
  form: FormObject;
  /** The raw body, for idempotency keys. */
  rawBody: string;
  /** /post answers redirect_params as an object, /v2/post as a list of {name, value}. */
  redirectParamsStyle: 'object' | 'list';
  headers: Record<string, string | undefined>;
  sourceIp?: string;
}

export type S2sCardResponse = S2sResponse;

export type S2sCardAction = S2sAction<S2sCardRequest>;
