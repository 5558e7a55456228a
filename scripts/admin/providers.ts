/**
 * `npm run admin -- providers secret NAME`: prints an APM provider's webhook secret (the HMAC key of
 * X-Provider-Signature on POST /providers/NAME/notifications), made on first use. Sandbox provider: `sandbox`.
 */
import { deps } from '../../shared/entry/composition/deps.js';

export async function runProvidersCommand(cmd: string | undefined, args: string[]): Promise<string> {
  const slug = args[0];
  if (cmd !== 'secret' || !slug) throw new Error('usage: npm run admin -- providers secret NAME');
  const d = deps();
  if (!d.apmConnectors.bySlug(slug)) throw new Error(`No provider named ${slug}`);
  return d.providerSecrets.secret(slug);
}
