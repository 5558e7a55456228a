/**
 * Admin CLI: `npm run admin -- <command> [options]`. Prints JSON.
 *
 *   merchants create --name NAME [--notification-url URL]
 *   merchants list
 *   merchants show CLIENT_KEY [--reveal]
 *   merchants update CLIENT_KEY [--name NAME] [--notification-url URL] [--rotate-password]
 *       [--enable-mapping GROUP]… [--disable-mapping GROUP]… [--require-payer-fields a,b] [--link-target _top|_self|_parent|_blank|none]
 *       [--terms-checkbox on|off] [--hash-algorithm md5|sha256] [--hosted-fields-origins https://a,https://b] [--methods card,vcard]
 *       [--checkout-frame-ancestors https://a,https://b] [--hosted-fields-update-signature on|off] [--api-ip-allowlist 203.0.113.0/24,198.51.100.7|none] [--default-language de|none]
 *       [--qr-lifetime-seconds N|none]   (mapping groups: identity, recurring, cardOnFile, threeDs, browser, payer, rrnArn, extendedData, redirectExtras)
 *   mids create CLIENT_KEY [--mode SMS|DMS|SMS/DMS] [--moto] [--zero-amount] [--connector sandbox] [--name NAME] [--descriptor TEXT]
 *       [--upstream-url URL --upstream-key KEY --upstream-password-file FILE|- [--upstream-hash md5|sha256]]   (--connector upstream; mids.ts)
 *   mids list CLIENT_KEY
 *   brands list [--json]   the S2S APM brand catalogue (shared/protocol/apm/brands); brands docs [--write]: its docs table
 *   callbacks | schedules | wallets | chargebacks ...   (see docs/callbacks.md, schedules.md, wallets.md, chargebacks.md)
 *   counters backfill [--days 30] [--merchant CLIENT_KEY] [--dry-run]   (docs/console.md, "Dashboard counters")
 *   operators create --email EMAIL   a console operator (docs/console.md, "The first operator")
 *
 * Global: --stage NAME acts on a deployed stage (AWS credentials from the environment); default: the local platform.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { deps } from '../../shared/entry/composition/deps.js';
import { checkNotificationUrl, createMerchant, merchantSettings } from '../../shared/operations/admin/merchants.js';
import { PlatformError, formatFieldError } from '../../shared/domain/errors.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { useTarget } from './target.js';
import { CALLBACKS_USAGE, runCallbacksCommand } from './callbacks.js';
import { SCHEDULES_USAGE, runSchedulesCommand } from './schedules.js';
import { CHARGEBACKS_USAGE, runChargebacksCommand } from './chargebacks.js';
import { COUNTERS_USAGE, runCountersCommand } from './counters.js';
import { OPERATORS_USAGE, runOperatorsCommand } from './operators.js';
import { WALLETS_USAGE, runWalletsCommand } from './wallets.js';
import { KEYS_USAGE, runKeysCommand } from './keys.js';
import { CLOCK_USAGE, runClockCommand } from './clock.js';
import { PAYMENTS_USAGE, runPaymentsCommand } from './payments.js';
import { runBrandsCommand } from './brands.js';
import { runProvidersCommand } from './providers.js';
import { MIDS_USAGE, runMidsCommand } from './mids.js';
import { ROUTING_USAGE, runRoutingCommand } from './routing.js';
import { FEES_USAGE, runFeesCommand } from './fees.js';
import { LEDGER_USAGE, runLedgerCommand } from './ledger.js';
import { RISK_USAGE, runRiskCommand } from './risk.js';
import { SETTLEMENTS_USAGE, runSettlementsCommand } from './settlements.js';

const USAGE = `usage: npm run admin -- <merchants|mids|routing|risk|fees|ledger|settlements|payments|callbacks|schedules|wallets|chargebacks|counters|clock|brands|providers|operators> <command> [options] [--stage NAME]
  merchants create --name NAME [--notification-url URL]
  merchants list
  merchants show CLIENT_KEY [--reveal]
  merchants update CLIENT_KEY [--name NAME] [--notification-url URL] [--rotate-password]
      [--enable-mapping GROUP]… [--disable-mapping GROUP]… [--require-payer-fields a,b] [--link-target _top|_self|_parent|_blank|none]
      [--terms-checkbox on|off] [--hash-algorithm md5|sha256] [--hosted-fields-origins https://a,https://b] [--methods card,vcard]
      [--checkout-frame-ancestors https://a,https://b] [--hosted-fields-update-signature on|off] [--api-ip-allowlist 203.0.113.0/24,198.51.100.7|none] [--default-language de|none]
      [--qr-lifetime-seconds N|none]   (mapping groups: identity, recurring, cardOnFile, threeDs, browser, payer, rrnArn, extendedData, redirectExtras)
  mids create CLIENT_KEY [--mode SMS|DMS|SMS/DMS] [--moto] [--zero-amount] [--connector NAME] [--name NAME] [--descriptor TEXT]
      [--upstream-url URL --upstream-key KEY --upstream-password-file FILE|- [--upstream-hash md5|sha256]]   (--connector upstream; docs/connectors.md)
  mids list CLIENT_KEY
  routing set CLIENT_KEY --file rules.json [--max-attempts N] | routing show CLIENT_KEY   (docs/routing.md)
  risk settings show|set CLIENT_KEY [--ip-cards N] [--card-attempts N] …   the merchant's risk thresholds (docs/risk.md)
  risk blocklist add --type card|bin|email|ip|country --value V|--trans-id T [--merchant KEY] [--reason TEXT] | list [--merchant KEY] | remove ID
  fees set CLIENT_KEY|default --file fees.json | fees show CLIENT_KEY|default   (docs/ledger.md)
  ledger verify|repair [--merchant CLIENT_KEY]   the books against the payments' states (docs/ledger.md)
  settlements run [--date YYYY-MM-DD] | list --merchant KEY | show ID   daily settlement batches (docs/ledger.md)
  callbacks ...   (see docs/callbacks.md)
  schedules ...   (see docs/schedules.md)
  wallets ...     (see docs/wallets.md)
  chargebacks ... (see docs/chargebacks.md)
  counters backfill [--days 30] [--merchant KEY] [--dry-run]   dashboard counters for hours the stream never saw (docs/console.md)
  operators create --email EMAIL   a console operator: the first one of a stage (docs/console.md)
  payments list --merchant KEY [--status S] [--since 7d] | show TRANS_ID   [--json]
  clock show|advance --by 14d|set ISO|reset --merchant KEY   a merchant's sandbox test clock (docs/test-clock.md)
  brands list [--json] | brands docs [--write]   (the S2S APM brand catalogue; docs/s2s-apm.md)
  providers secret NAME   (an APM provider's webhook secret; the sandbox provider is "sandbox")
  keys create --merchant KEY [--read-only] | list --merchant KEY | revoke KEY_ID --merchant KEY   merchant API keys (docs/merchant-api.md)
  keys migrate-legacy   (once per stage: data sealed before per-purpose keys keeps opening; docs/keys.md)
  <group> --help        that group's commands and an example

example:
  npm run admin -- merchants create --name "My Shop" --notification-url http://localhost:4242/webhooks
  npm run admin -- callbacks listen --merchant CLIENT_KEY --forward-to http://localhost:4242/webhooks
  npm run admin -- payments list --merchant CLIENT_KEY --since 1d`;

const GROUP_USAGE: Record<string, string> = {
  mids: MIDS_USAGE,
  routing: ROUTING_USAGE,
  risk: RISK_USAGE,
  fees: FEES_USAGE,
  ledger: LEDGER_USAGE,
  settlements: SETTLEMENTS_USAGE,
  callbacks: CALLBACKS_USAGE,
  schedules: SCHEDULES_USAGE,
  clock: CLOCK_USAGE,
  payments: PAYMENTS_USAGE,
  chargebacks: CHARGEBACKS_USAGE,
  wallets: WALLETS_USAGE,
  counters: COUNTERS_USAGE,
  operators: OPERATORS_USAGE,
  keys: KEYS_USAGE,
};

function view(m: Merchant, reveal: boolean) {
  const { password, ...rest } = m;
  return { ...rest, password: reveal ? password : `${password.slice(0, 4)}…(use --reveal)` };
}

async function merchants(cmd: string | undefined, args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'notification-url': { type: 'string' },
      'rotate-password': { type: 'boolean' },
      reveal: { type: 'boolean' },
      'enable-mapping': { type: 'string', multiple: true },
      'disable-mapping': { type: 'string', multiple: true },
      'require-payer-fields': { type: 'string' },
      'link-target': { type: 'string' },
      'terms-checkbox': { type: 'string' },
      'hash-algorithm': { type: 'string' },
      'hosted-fields-origins': { type: 'string' },
      methods: { type: 'string' },
      'qr-lifetime-seconds': { type: 'string' },
      'checkout-frame-ancestors': { type: 'string' },
      'hosted-fields-update-signature': { type: 'string' },
      'api-ip-allowlist': { type: 'string' },
      'default-language': { type: 'string' },
    },
  });
  const d = deps();
  switch (cmd) {
    case 'create':
      return view(await createMerchant(d, { name: values.name ?? '', notificationUrl: values['notification-url'] }), true);
    case 'list':
      return (await d.merchants.list()).map((m) => view(m, false));
    case 'show': {
      const config = await d.merchants.get(required(positionals[0], 'CLIENT_KEY'));
      if (!config) throw new Error('No merchant with that client key.');
      return { ...view(config.merchant, values.reveal ?? false), mids: config.mids };
    }
    case 'update': {
      const clientKey = required(positionals[0], 'CLIENT_KEY');
      const current = await d.merchants.get(clientKey);
      if (!current) throw new Error('No merchant with that client key.');
      const terms = values['terms-checkbox'];
      if (terms !== undefined && terms !== 'on' && terms !== 'off') throw new Error('--terms-checkbox takes on or off');
      const signed = values['hosted-fields-update-signature'];
      if (signed !== undefined && signed !== 'on' && signed !== 'off') throw new Error('--hosted-fields-update-signature takes on or off');
      const settings = merchantSettings(current.merchant, {
        enableMappings: values['enable-mapping'],
        disableMappings: values['disable-mapping'],
        requiredPayerFields: values['require-payer-fields']
          ?.split(',')
          .map((f) => f.trim())
          .filter(Boolean),
        linkTarget: values['link-target'],
        termsCheckbox: terms === undefined ? undefined : terms === 'on',
        hashAlgorithm: values['hash-algorithm'],
        hostedFieldsOrigins: values['hosted-fields-origins']
          ?.split(',')
          .map((o) => o.trim())
          .filter(Boolean),
        methods: values.methods
          ?.split(',')
          .map((m) => m.trim().toLowerCase())
          .filter(Boolean),
        checkoutFrameAncestors: values['checkout-frame-ancestors']
          ?.split(',')
          .map((o) => o.trim())
          .filter(Boolean),
        hostedFieldsUpdateSignature: signed === undefined ? undefined : signed === 'on',
        // "none" clears the list: calls from any IP again.
        apiIpAllowlist: allowlistOption(values['api-ip-allowlist']),
        defaultLanguage: values['default-language'],
        qrLifetimeSeconds: values['qr-lifetime-seconds'],
      });
      const password = values['rotate-password'] ? randomBytes(16).toString('hex') : undefined;
      const updated = await d.merchants.update(clientKey, {
        name: values.name,
        notificationUrl: values['notification-url'] === undefined ? undefined : checkNotificationUrl(d, values['notification-url']),
        password,
        ...settings,
      });
      return view(updated, password !== undefined);
    }
    default:
      throw new Error(USAGE);
  }
}

function allowlistOption(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === 'none') return [];
  return value
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required.\n${USAGE}`);
  return value;
}

async function main(argv: string[]): Promise<void> {
  const stageIndex = argv.indexOf('--stage');
  const stage = stageIndex >= 0 ? argv[stageIndex + 1] : undefined;
  const args = stageIndex >= 0 ? [...argv.slice(0, stageIndex), ...argv.slice(stageIndex + 2)] : argv;
  const [group, cmd, ...rest] = args;
  if (!group || group === '--help' || group === 'help') {
    console.log(USAGE);
    return;
  }
  // The catalogue is the descriptors in the code: no stage, no platform needed.
  if (group === 'brands') {
    console.log(runBrandsCommand(cmd, rest));
    return;
  }
  // Help needs no platform: answered before looking for one.
  if (cmd === '--help' || rest.includes('--help') || cmd === 'help') {
    console.log(GROUP_USAGE[group] ?? USAGE);
    return;
  }
  const groups = [
    'merchants',
    'mids',
    'routing',
    'risk',
    'fees',
    'ledger',
    'settlements',
    'callbacks',
    'schedules',
    'chargebacks',
    'counters',
    'wallets',
    'keys',
    'payments',
    'clock',
    'providers',
    'operators',
  ];
  if (!groups.includes(group))
    throw new Error(`Unknown command group "${group}": use one of ${groups.join(', ')}. See: npm run admin -- --help`);
  // A merchant's own commands against a stage's URL (docs/merchant-api.md) need no operator target at all.
  const asMerchantAt = (group === 'callbacks' || group === 'clock') && rest.includes('--merchant') && rest.includes('--url');
  if (!asMerchantAt) await useTarget(stage);
  // Printed bare, for shell use: SECRET=$(npm run -s admin -- providers secret sandbox)
  if (group === 'providers') {
    console.log(await runProvidersCommand(cmd, rest));
    return;
  }
  let result: unknown;
  if (group === 'merchants') result = await merchants(cmd, rest);
  else if (group === 'mids') result = await runMidsCommand(cmd, rest);
  else if (group === 'routing') result = await runRoutingCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'risk') result = await runRiskCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'fees') result = await runFeesCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'ledger') result = await runLedgerCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'settlements') result = await runSettlementsCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'callbacks') {
    result = await runCallbacksCommand([cmd ?? '', ...rest].filter(Boolean));
  } else if (group === 'schedules') result = await runSchedulesCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'chargebacks') result = await runChargebacksCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'counters') result = await runCountersCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'wallets') result = await runWalletsCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'keys') result = await runKeysCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'payments') result = await runPaymentsCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'clock') result = await runClockCommand([cmd ?? '', ...rest].filter(Boolean));
  else if (group === 'operators') result = await runOperatorsCommand([cmd ?? '', ...rest].filter(Boolean), stage);
  else throw new Error(USAGE);
  // Help texts and tables are printed as they are; everything else as JSON for scripts.
  console.log(typeof result === 'string' ? result : JSON.stringify(result, null, 2));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof PlatformError) console.error(err.fieldErrors.map(formatFieldError).join('\n') || err.message);
  else console.error((err as Error).message);
  process.exit(1);
});
