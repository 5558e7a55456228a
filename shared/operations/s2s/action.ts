/** The shape every S2S action of either protocol (S2S CARD, S2S APM) has, over its protocol's request. */
import type { FormSpec } from '../../protocol/form-spec.js';

/** What an S2S endpoint answers: the HTTP status and the JSON body. */
export interface S2sResponse {
  statusCode: number;
  body: Record<string, unknown>;
}

export interface S2sAction<Request> {
  readonly action: string;
  /** The request's fields, declared once in the order they are validated (shared/protocol/form-spec.ts). */
  readonly fields: FormSpec;
  /**
   * The other requests the action takes, each declared whole as `fields` is (a SALE paid with a wallet token:
   * `wallet`, no card fields). The API reference describes `fields`; the SDKs' request types are printed from both.
   */
  readonly variants?: Readonly<Record<string, FormSpec>>;
  run(req: Request): Promise<S2sResponse>;
}
