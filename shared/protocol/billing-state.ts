/**
 * 6.7.0: "billing_address.state (S2S payer_state) is collected only for countries CA, US, JP, AU, IN; for others it
 * is hidden and not validated." One rule for the Checkout session and the hosted-fields payment request.
 */
import { MESSAGES } from './fields.js';

/** Countries whose billing state is collected. */
export const STATE_COUNTRIES: ReadonlySet<string> = new Set(['CA', 'US', 'JP', 'AU', 'IN']);
/** protocol.md §5.1: a 2-letter state code for the countries above. */
const STATE = /^[A-Z]{2}$/;

/**
 * The state to keep for this country: the value when the country collects states and it is valid, an error when it
 * collects them and the value is invalid, and nothing at all (whatever was sent, of whatever type) otherwise.
 */
export function collectedState(country: string | undefined, state: unknown): { state?: string; error?: string } {
  if (state === undefined || state === null || !country || !STATE_COUNTRIES.has(country)) return {};
  if (typeof state !== 'string' || !STATE.test(state)) return { error: MESSAGES.invalid };
  return { state };
}
