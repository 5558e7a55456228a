/**
 * `npm run admin -- providers secret NAME`: prints an APM provider's webhook secret (the HMAC key of
 * X-Provider-Signature on POST /providers/NAME/notifications), made on first use. Sandbox provider: `sandbox`.
 */
import { deps } from '../../shared/deps.js';
import { apmConnectorBySlug } from '../../shared/connectors/registry.js';

export async function runProvidersCommand(cmd: string | undefined, args: string[]): Promise<string> {
  const slug = args[0];
  if (cmd !== 'secret' || !slug) throw new Error('usage: npm run admin -- providers secret NAME');
  if (!apmConnectorBySlug(slug)) throw new Error(`No provider named ${slug}`);
  return deps().providerSecrets.secret(slug);
}
