/**
 * The S2S endpoints' common shape (S2S CARD /post, /v2/post; S2S APM /post-va): decode the form, authenticate the
 * merchant by client_key (an unknown key answers like a wrong hash), run the named action, answer JSON. Errors become
 * {"result":"ERROR",...} (shared/protocol/error-wire.ts). Bodies are form-urlencoded or multipart/form-data
 * (form-body.ts); the body size is capped (body-limit.ts) before this runs.
 */
import { ValidationError, type PlatformError } from '../../domain/errors.js';
import type { Deps } from '../../operations/deps.js';
import { onMerchantClock } from '../../operations/clock/merchant-clocks.js';
import { authenticateMerchant } from '../../operations/auth/authenticate.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import { toS2sError } from '../../protocol/error-wire.js';
import { parseForm, getString, type FormObject } from '../../protocol/form.js';
import { MESSAGES } from '../../protocol/fields.js';
import { freeFormErrors } from '../../protocol/limits.js';
import { noteIds, notePayment } from '../../lib/telemetry.js';
import { json, type HttpEvent } from './http.js';
import { httpEndpoint } from './endpoint.js';
import { decodedFormBody, s2sFormBody } from './form-body.js';

/** What the endpoint reads before the action: the merchant's account and its clock. */
export type S2sBaseDeps = Pick<Deps, 'merchants' | 'clock'>;

/** `D`: the function's composition. */
export interface S2sBaseRequest<D extends S2sBaseDeps = S2sBaseDeps> {
  deps: D;
  config: MerchantConfig;
  form: FormObject;
  /** The raw body, for idempotency keys. */
  rawBody: string;
}

/** A property, not a method: an action whose request needs more ports than the composition holds is a compile error. */
export interface S2sAction<R> {
  run: (req: R) => Promise<{ statusCode: number; body: Record<string, unknown> }>;
}

/** The S2S error body names the action when the form had one. */
export const s2sWire = (err: PlatformError, event: HttpEvent) => toS2sError(err, getString(parseForm(decodedFormBody(event)), 'action'));

export function s2sFormHandler<D extends S2sBaseDeps, R>(
  route: string,
  /** The function's composition (shared/entry/composition): the request built on it must be the one the actions take. */
  ports: () => D,
  actions: ReadonlyMap<string, S2sAction<R>>,
  request: (base: S2sBaseRequest<D>, event: HttpEvent) => NoInfer<R>,
) {
  return httpEndpoint(
    route,
    async (event: HttpEvent) => {
      // urlencoded as sent, or a multipart/form-data body re-encoded as urlencoded (form-body.ts).
      const body = await s2sFormBody(event);
      const form = parseForm(body);
      const actionName = getString(form, 'action');
      const action = actionName ? actions.get(actionName) : undefined;
      if (!action) throw ValidationError.field('action', actionName ? MESSAGES.choice : MESSAGES.blank);
      const clientKey = getString(form, 'client_key');
      if (!clientKey) throw ValidationError.field('client_key', MESSAGES.blank);
      noteIds({ client_key: clientKey, trans_id: getString(form, 'trans_id'), order_id: getString(form, 'order_id') });
      // custom_data[...] and parameters[...] are stored with the payment: capped for every action, before any work.
      const tooBig = freeFormErrors(form, 'form');
      if (tooBig.length) throw new ValidationError(tooBig);
      const d = ports();
      // An unknown key fails at the action's hash check, like a wrong hash (no key enumeration).
      const config = await authenticateMerchant(d, clientKey, event.requestContext?.http?.sourceIp);
      // The merchant's objects read its own time: its test clock in a sandbox (docs/test-clock.md).
      const md = await onMerchantClock(d, config.merchant.clientKey);
      const res = await action.run(request({ deps: md, config, form, rawBody: body }, event));
      const answer = (key: string) => (typeof res.body[key] === 'string' ? (res.body[key] as string) : undefined);
      noteIds({ trans_id: answer('trans_id') });
      notePayment(actionName!, answer('result') ?? String(res.statusCode));
      return json(res.statusCode, res.body);
    },
    s2sWire,
  );
}
