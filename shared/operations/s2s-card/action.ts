/** The pipeline every S2S CARD action follows: validate → load state → decide → persist (conditional) → respond. */
import type { Deps } from '../deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import type { FormObject } from '../../protocol/form.js';
import type { FormSpec } from '../../protocol/form-spec.js';

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

export interface S2sCardResponse {
  statusCode: number;
  body: Record<string, unknown>;
}

export interface S2sCardAction {
  readonly action: string;
  /** The request's fields, declared once in the order they are validated (shared/protocol/form-spec.ts). */
  readonly fields: FormSpec;
  /**
   * The other requests the action takes, each declared whole as `fields` is (a SALE paid with a wallet token:
   * `wallet`, no card fields). The API reference describes `fields`; the SDKs' request types are printed from both.
   */
  readonly variants?: Readonly<Record<string, FormSpec>>;
  run(req: S2sCardRequest): Promise<S2sCardResponse>;
}
