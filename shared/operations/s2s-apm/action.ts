/** The pipeline every S2S APM action follows: validate → authenticate (hash) → load state → decide → persist → respond. */
import type { Deps } from '../deps.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import type { FormObject } from '../../protocol/form.js';

export interface S2sApmRequest {
  deps: Deps;
  config: MerchantConfig;
  form: FormObject;
  /** The raw body, for idempotency keys. */
  rawBody: string;
}

export interface S2sApmResponse {
  statusCode: number;
  body: Record<string, unknown>;
}

export interface S2sApmAction {
  readonly action: string;
  run(req: S2sApmRequest): Promise<S2sApmResponse>;
}
