/**
 * `npm run admin -- risk settings show|set CLIENT_KEY`: a merchant's risk thresholds; `risk blocklist add|list|remove`:
 * the blocklists, platform-wide or a merchant's; `risk rules show|set CLIENT_KEY`: its risk rules; `risk bins import`:
 * BIN countries for the rules (docs/risk.md).
 */
import { parseArgs } from 'node:util';
import { setRiskRules, showRiskRules } from '../../shared/operations/risk/manage-rules.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { setRiskSettings, showRiskSettings } from '../../shared/operations/risk/manage.js';
import { addBlock, listBlocks, removeBlock } from '../../shared/operations/risk/manage-blocklist.js';
import type { RiskSettings } from '../../shared/ports/risk-store.js';
import { readJsonFile } from './json-file.js';
import { readFile } from 'node:fs/promises';
import { importBins } from '../../shared/operations/risk/manage-bins.js';

export const RISK_USAGE = `usage: npm run admin -- risk <settings|blocklist|rules|bins> <command> [options]
  risk bins import --file bins.csv              BIN countries: lines "BIN,COUNTRY" (6 or 8 digits) or
                                                "FIRST-LAST,COUNTRY" (at most 10000 BINs); every problem named
  risk rules set CLIENT_KEY --file rules.json   check the rules (every problem named) and store them
  risk rules show CLIENT_KEY                    the merchant's rules, in order
  risk blocklist add --type card|bin|email|ip|country --value V [--merchant KEY] [--reason TEXT]
      a card is named by a payment that used it: --type card --trans-id TRANS_ID (never a card number);
      ip: an address or CIDR range (IPv4 /8../32, IPv6 /16../128 in steps of 8); without --merchant: every merchant
  risk blocklist list [--merchant KEY]     platform-wide entries, or the merchant's
  risk blocklist remove ID
  risk settings show CLIENT_KEY        the thresholds that apply, and which of them the merchant set
  risk settings set CLIENT_KEY [--ip-cards N] [--ip-window 10m] [--cooldown 1h]
                               [--card-attempts N] [--card-declines N] [--card-window 1h]
                               [--burst-declines N] [--burst-factor K] [--burst-cooldown 1h] [--reset]
      card-testing guard: N declined distinct cards from one payer IP within --ip-window stop it for --cooldown
      velocity per card: more than --card-attempts attempts, or --card-declines declines, within --card-window
      decline burst: declines in 10 min at least --burst-declines and K times the merchant's average per 10 min over
        the hour before: its card payments without 3DS declined (challenged where 3DS can run) for --burst-cooldown
      durations: s, m, h (at most 24h); --reset drops the merchant's values first (back to the defaults)

example (docs/risk.md):
  npm run admin -- risk blocklist add --type ip --value 203.0.113.0/24 --reason "card testing 2027-01-31"
  npm run admin -- risk settings set CLIENT_KEY --ip-cards 3 --ip-window 30m --cooldown 6h`;

const OPTIONS = {
  'ip-cards': 'ipDeclinedCards',
  'ip-window': 'ipWindowSeconds',
  cooldown: 'cooldownSeconds',
  'card-attempts': 'cardAttempts',
  'card-declines': 'cardDeclines',
  'card-window': 'cardWindowSeconds',
  'burst-declines': 'burstDeclines',
  'burst-factor': 'burstFactor',
  'burst-cooldown': 'burstCooldownSeconds',
} as const satisfies Record<string, keyof RiskSettings>;

export async function runRiskCommand(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...Object.fromEntries(Object.keys(OPTIONS).map((o) => [o, { type: 'string' as const }])),
      reset: { type: 'boolean' },
      type: { type: 'string' },
      value: { type: 'string' },
      'trans-id': { type: 'string' },
      merchant: { type: 'string' },
      reason: { type: 'string' },
      file: { type: 'string' },
    },
  });
  const [area, cmd, clientKey] = positionals;
  if (area === 'blocklist') return blocklist(cmd, clientKey, values);
  if (area === 'rules') return rules(cmd, clientKey, values.file);
  if (area === 'bins') {
    if (cmd !== 'import' || !values.file) throw new Error(`risk bins import needs --file.\n${RISK_USAGE}`);
    return importBins(deps(), await readFile(values.file, 'utf8'));
  }
  if (area !== 'settings' || !clientKey || (cmd !== 'show' && cmd !== 'set')) throw new Error(RISK_USAGE);
  if (cmd === 'show') return showRiskSettings(deps(), clientKey);
  const change: RiskSettings = {};
  for (const [option, field] of Object.entries(OPTIONS)) {
    const text = (values as Record<string, string | undefined>)[option];
    if (text !== undefined) change[field] = field.endsWith('Seconds') ? seconds(option, text) : whole(option, text);
  }
  if (!Object.keys(change).length && !values.reset) throw new Error(`Nothing to set.\n${RISK_USAGE}`);
  return setRiskSettings(deps(), clientKey, change, { reset: values.reset });
}

async function blocklist(
  cmd: string | undefined,
  id: string | undefined,
  v: { type?: string; value?: string; 'trans-id'?: string; merchant?: string; reason?: string },
): Promise<unknown> {
  if (cmd === 'add') {
    if (!v.type) throw new Error(`--type is required.\n${RISK_USAGE}`);
    return addBlock(deps(), { type: v.type, value: v.value, transId: v['trans-id'], merchant: v.merchant, reason: v.reason });
  }
  if (cmd === 'list') return listBlocks(deps(), v.merchant);
  if (cmd === 'remove' && id) return removeBlock(deps(), id);
  throw new Error(RISK_USAGE);
}

async function rules(cmd: string | undefined, clientKey: string | undefined, file: string | undefined): Promise<unknown> {
  if (!clientKey || (cmd !== 'set' && cmd !== 'show')) throw new Error(RISK_USAGE);
  if (cmd === 'show') return showRiskRules(deps(), clientKey);
  if (!file) throw new Error(`--file is required.\n${RISK_USAGE}`);
  return setRiskRules(deps(), clientKey, await readJsonFile(file));
}

function whole(option: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`--${option} takes a whole number, e.g. --${option} 5`);
  return Number(text);
}

function seconds(option: string, text: string): number {
  const m = /^(\d+)([smh])$/.exec(text);
  if (!m) throw new Error(`--${option} takes a duration in s, m or h, e.g. --${option} 10m`);
  return Number(m[1]) * { s: 1, m: 60, h: 3600 }[m[2] as 's' | 'm' | 'h'];
}
