/**
 * `npm run admin -- mids create|list CLIENT_KEY …`: a merchant's MIDs. An upstream MID (--connector upstream) takes
 * the upstream gateway's URL (its base URL or its /post endpoint), client_key and password; the password is read from
 * a file or from standard input, never from the command line, where other users of the machine (ps) and the shell's
 * history would see it. Creating it asks the upstream once whether URL and credentials work (docs/connectors.md).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { deps } from '../../shared/entry/composition/deps.js';
import { createMid, defaultMidConnector } from '../../shared/operations/admin/merchants.js';
import { midConnectorChoices } from '../../shared/domain/stage-kind.js';
import type { StageKind } from '../../shared/lib/config.js';
import { midsWithHealth } from '../../shared/operations/routing/health.js';
import { updateMidLimits } from '../../shared/operations/risk/manage-mid-limits.js';

export const MIDS_USAGE = `usage: npm run admin -- mids <create|list|update> CLIENT_KEY [options]
  mids update CLIENT_KEY MID_ID [--min-amount 1.00] [--max-amount 5000.00] [--daily-cap 100000.00]
        (limits in each payment's currency; none removes one; docs/risk.md "Limits per MID")
  mids create CLIENT_KEY [--mode SMS|DMS|SMS/DMS] [--moto] [--zero-amount] [--connector NAME] [--name NAME] [--descriptor TEXT]
        (--connector: sandbox by default on a sandbox stage; required on a live stage: upstream, adyen or checkout-com)
      [--upstream-url URL --upstream-key KEY --upstream-password-file FILE|- [--upstream-hash md5|sha256]]
        (--connector upstream; URL: the gateway's base URL or its /post endpoint; - reads the password from standard input)
      [--adyen-url URL --adyen-merchant-account ACCOUNT --adyen-api-key-file FILE|- --adyen-hmac-key-file FILE|-]
        (--connector adyen; URL: the Checkout API with its version, e.g. https://checkout-test.adyen.com/v71;
         docs/connectors.md "Adyen")
      [--checkout-com-url URL --checkout-com-secret-key-file FILE|- --checkout-com-webhook-secret-file FILE|-
       [--checkout-com-processing-channel ID]]
        (--connector checkout-com; URL: https://api.sandbox.checkout.com or https://api.checkout.com;
         docs/connectors.md "Checkout.com")
  mids list CLIENT_KEY      (each MID with its health: state closed|open|half-open, failures, reopensAt, trialAt while a payment is on trial)

example:
  npm run admin -- mids create CLIENT_KEY --connector upstream --upstream-url https://gateway.example/post \\
      --upstream-key UPSTREAM_CLIENT_KEY --upstream-password-file ~/.upstream-password
  printf %s "$UPSTREAM_PASSWORD" | npm run -s admin -- mids create CLIENT_KEY --connector upstream … --upstream-password-file -
  npm run admin -- mids create CLIENT_KEY --connector adyen --adyen-url https://checkout-test.adyen.com/v71 \\
      --adyen-merchant-account YourMerchantAccount --adyen-api-key-file ~/.adyen-api-key --adyen-hmac-key-file ~/.adyen-hmac-key
  npm run admin -- mids create CLIENT_KEY --connector checkout-com --checkout-com-url https://api.sandbox.checkout.com \\
      --checkout-com-secret-key-file ~/.cko-secret-key --checkout-com-webhook-secret-file ~/.cko-webhook-secret \\
      --checkout-com-processing-channel pc_…`;

/** Adyen's keys, like the upstream's password, are read from files (or standard input), never from the command line. */
export const ADYEN_KEY_FLAGS_REFUSED =
  '--adyen-api-key and --adyen-hmac-key are not accepted: a key on the command line is seen by other users of the machine (ps) and kept in shell history. Pass --adyen-api-key-file FILE and --adyen-hmac-key-file FILE (one of them may be -, read from standard input).';

/** Checkout.com's secret key and webhook secret: files (or standard input) only, as Adyen's keys. */
export const CKO_KEY_FLAGS_REFUSED =
  '--checkout-com-secret-key and --checkout-com-webhook-secret are not accepted: a key on the command line is seen by other users of the machine (ps) and kept in shell history. Pass --checkout-com-secret-key-file FILE and --checkout-com-webhook-secret-file FILE (one of them may be -, read from standard input).';

export const PASSWORD_FLAG_REFUSED =
  '--upstream-password is not accepted: a password on the command line is seen by other users of the machine (ps) and kept in shell history. Put it in a file and pass --upstream-password-file FILE, or pass --upstream-password-file - and write it to standard input.';

/**
 * --connector, or the stage's default: the sandbox acquirer on a sandbox stage. A live stage has no sandbox connector
 * and so no default: the operator names one of its acquirers.
 */
export function connectorOption(given: string | undefined, kind: StageKind): string {
  if (given !== undefined) return given;
  if (kind === 'live') {
    const choices = midConnectorChoices('live');
    throw new Error(
      `--connector is required on a live stage (it has no sandbox connector): one of ${choices.map((c) => `--connector ${c}`).join(', ')} (docs/connectors.md).`,
    );
  }
  return defaultMidConnector(kind);
}

export interface MidsIo {
  /** Standard input, read whole (for --upstream-password-file -). */
  stdin: () => Promise<string>;
}

const processStdin: MidsIo = {
  async stdin() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

export async function runMidsCommand(cmd: string | undefined, args: string[], io: MidsIo = processStdin): Promise<unknown> {
  // Refused before parsing: parseArgs would otherwise name it an unknown option, without saying what to do instead.
  if (args.some((a) => a === '--upstream-password' || a.startsWith('--upstream-password='))) throw new Error(PASSWORD_FLAG_REFUSED);
  if (args.some((a) => /^--adyen-(api|hmac)-key(=|$)/.test(a))) throw new Error(ADYEN_KEY_FLAGS_REFUSED);
  if (args.some((a) => /^--checkout-com-(secret-key|webhook-secret)(=|$)/.test(a))) throw new Error(CKO_KEY_FLAGS_REFUSED);
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      mode: { type: 'string' },
      moto: { type: 'boolean' },
      'zero-amount': { type: 'boolean' },
      connector: { type: 'string' },
      name: { type: 'string' },
      descriptor: { type: 'string' },
      'upstream-url': { type: 'string' },
      'upstream-key': { type: 'string' },
      'upstream-password-file': { type: 'string' },
      'upstream-hash': { type: 'string' },
      'adyen-url': { type: 'string' },
      'adyen-merchant-account': { type: 'string' },
      'adyen-api-key-file': { type: 'string' },
      'adyen-hmac-key-file': { type: 'string' },
      'checkout-com-url': { type: 'string' },
      'checkout-com-secret-key-file': { type: 'string' },
      'checkout-com-webhook-secret-file': { type: 'string' },
      'checkout-com-processing-channel': { type: 'string' },
      'min-amount': { type: 'string' },
      'max-amount': { type: 'string' },
      'daily-cap': { type: 'string' },
    },
  });
  const clientKey = positionals[0];
  if (!clientKey) throw new Error(`CLIENT_KEY is required.\n${MIDS_USAGE}`);
  const d = deps();
  switch (cmd) {
    case 'create':
      return createMid(d, clientKey, {
        paymentMode: values.mode as 'SMS' | 'DMS' | 'SMS/DMS' | undefined,
        moto: values.moto,
        zeroAmount: values['zero-amount'],
        connector: connectorOption(values.connector, d.config.STAGE_KIND),
        name: values.name,
        descriptor: values.descriptor,
        ...(await upstreamSetup(values, io)),
        ...(await adyenSetup(values, io)),
        ...(await checkoutComSetup(values, io)),
      });
    case 'list': {
      const mids = await midsWithHealth(d, clientKey);
      if (!mids) throw new Error('No merchant with that client key.');
      // Sealed credentials are of no use to read: only whether the MID has them. health: docs/routing.md "MID health".
      return mids.map(({ credentialsSealed, health, ...m }) => ({ ...m, ...(credentialsSealed ? { credentials: 'sealed' } : {}), health }));
    }
    case 'update': {
      const midId = positionals[1];
      const change = { minAmount: values['min-amount'], maxAmount: values['max-amount'], dailyCap: values['daily-cap'] };
      if (!midId || Object.values(change).every((v) => v === undefined)) throw new Error(MIDS_USAGE);
      const { credentialsSealed, ...mid } = await updateMidLimits(d, clientKey, midId, change);
      return { ...mid, ...(credentialsSealed ? { credentials: 'sealed' } : {}) };
    }
    default:
      throw new Error(MIDS_USAGE);
  }
}

type UpstreamOptions = { 'upstream-url'?: string; 'upstream-key'?: string; 'upstream-password-file'?: string; 'upstream-hash'?: string };

/** --connector upstream: the upstream gateway's URL (and hash mode) as settings, its client_key and password sealed. */
async function upstreamSetup(v: UpstreamOptions, io: MidsIo) {
  if (v['upstream-url'] === undefined && v['upstream-key'] === undefined && v['upstream-password-file'] === undefined) return {};
  return {
    connectorSettings: { url: v['upstream-url'] ?? '', ...(v['upstream-hash'] ? { hashAlgorithm: v['upstream-hash'] } : {}) },
    credentials: { client_key: v['upstream-key'] ?? '', password: await readPassword(v['upstream-password-file'], io) },
  };
}

type AdyenOptions = {
  'adyen-url'?: string;
  'adyen-merchant-account'?: string;
  'adyen-api-key-file'?: string;
  'adyen-hmac-key-file'?: string;
};

/** --connector adyen: the Checkout API's URL and the merchant account as settings, the API and HMAC keys sealed. */
async function adyenSetup(v: AdyenOptions, io: MidsIo) {
  const given = [v['adyen-url'], v['adyen-merchant-account'], v['adyen-api-key-file'], v['adyen-hmac-key-file']];
  if (given.every((x) => x === undefined)) return {};
  // Standard input is read once: it can hold one of the two keys.
  if (v['adyen-api-key-file'] === '-' && v['adyen-hmac-key-file'] === '-')
    throw new Error('--adyen-api-key-file and --adyen-hmac-key-file cannot both be - (standard input is read once).');
  return {
    connectorSettings: { url: v['adyen-url'] ?? '', merchantAccount: v['adyen-merchant-account'] ?? '' },
    credentials: {
      api_key: await readPassword(v['adyen-api-key-file'], io, '--adyen-api-key-file'),
      hmac_key: (await readPassword(v['adyen-hmac-key-file'], io, '--adyen-hmac-key-file')).trim(),
    },
  };
}

type CheckoutComOptions = {
  'checkout-com-url'?: string;
  'checkout-com-secret-key-file'?: string;
  'checkout-com-webhook-secret-file'?: string;
  'checkout-com-processing-channel'?: string;
};

/** --connector checkout-com: the API's URL and processing channel as settings, the secret key and webhook secret sealed. */
async function checkoutComSetup(v: CheckoutComOptions, io: MidsIo) {
  const keyFile = v['checkout-com-secret-key-file'];
  const webhookFile = v['checkout-com-webhook-secret-file'];
  if ([v['checkout-com-url'], keyFile, webhookFile, v['checkout-com-processing-channel']].every((x) => x === undefined)) return {};
  // Standard input is read once: it can hold one of the two keys.
  if (keyFile === '-' && webhookFile === '-')
    throw new Error(
      '--checkout-com-secret-key-file and --checkout-com-webhook-secret-file cannot both be - (standard input is read once).',
    );
  return {
    connectorSettings: {
      url: v['checkout-com-url'] ?? '',
      ...(v['checkout-com-processing-channel'] !== undefined ? { processingChannelId: v['checkout-com-processing-channel'].trim() } : {}),
    },
    credentials: {
      secret_key: (await readPassword(keyFile, io, '--checkout-com-secret-key-file')).trim(),
      webhook_secret: (await readPassword(webhookFile, io, '--checkout-com-webhook-secret-file')).trim(),
    },
  };
}

/** The file's (or standard input's) content without its final line break; empty when no file was named. */
async function readPassword(file: string | undefined, io: MidsIo, flag = '--upstream-password-file'): Promise<string> {
  if (file === undefined) return '';
  let text: string;
  try {
    text = file === '-' ? await io.stdin() : await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(`${flag}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { cause: err });
  }
  return text.replace(/\r?\n$/, '');
}
