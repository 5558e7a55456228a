/** Which addresses merchant callback URLs may point at, from the configuration (CALLBACK_ALLOW_LOOPBACK). */
import type { Config } from '../../lib/config.js';
import type { AddressPolicy } from '../../lib/net/public-url.js';

export function callbackAddresses(config: Pick<Config, 'CALLBACK_ALLOW_LOOPBACK'>): AddressPolicy {
  return { allowLoopback: config.CALLBACK_ALLOW_LOOPBACK };
}
