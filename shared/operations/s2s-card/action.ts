/** The pipeline every S2S CARD action follows: validate → load state → decide → persist (conditional) → respond. */
import type { Deps } from '../deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import type { FormObject } from '../../protocol/form.js';

export interface S2sCardRequest {
  deps: Deps;
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
  run(req: S2sCardRequest): Promise<S2sCardResponse>;
}
