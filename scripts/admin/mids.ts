/**
 * `npm run admin -- mids create|list CLIENT_KEY …`: a merchant's MIDs. An upstream MID (--connector upstream) takes
 * the upstream gateway's URL (its base URL or its /post endpoint), client_key and password; the password is read from
 * a file or from standard input, never from the command line, where other users of the machine (ps) and the shell's
 * history would see it. Creating it asks the upstream once whether URL and credentials work (docs/connectors.md).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { deps } from '../../shared/deps.js';
import { createMid } from '../../shared/operations/admin/merchants.js';

export const MIDS_USAGE = `usage: npm run admin -- mids <create|list> CLIENT_KEY [options]
  mids create CLIENT_KEY [--mode SMS|DMS|SMS/DMS] [--moto] [--zero-amount] [--connector NAME] [--name NAME] [--descriptor TEXT]
      [--upstream-url URL --upstream-key KEY --upstream-password-file FILE|- [--upstream-hash md5|sha256]]
        (--connector upstream; URL: the gateway's base URL or its /post endpoint; - reads the password from standard input)
  mids list CLIENT_KEY

example:
  npm run admin -- mids create CLIENT_KEY --connector upstream --upstream-url https://gateway.example/post \\
      --upstream-key UPSTREAM_CLIENT_KEY --upstream-password-file ~/.upstream-password
  printf %s "$UPSTREAM_PASSWORD" | npm run -s admin -- mids create CLIENT_KEY --connector upstream … --upstream-password-file -`;

export const PASSWORD_FLAG_REFUSED =
  '--upstream-password is not accepted: a password on the command line is seen by other users of the machine (ps) and kept in shell history. Put it in a file and pass --upstream-password-file FILE, or pass --upstream-password-file - and write it to standard input.';

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
        connector: values.connector,
        name: values.name,
        descriptor: values.descriptor,
        ...(await upstreamSetup(values, io)),
      });
    case 'list': {
      const config = await d.merchants.get(clientKey);
      if (!config) throw new Error('No merchant with that client key.');
      // Sealed credentials are of no use to read: only whether the MID has them.
      return config.mids.map(({ credentialsSealed, ...m }) => ({ ...m, ...(credentialsSealed ? { credentials: 'sealed' } : {}) }));
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

/** The file's (or standard input's) content without its final line break; empty when no file was named. */
async function readPassword(file: string | undefined, io: MidsIo): Promise<string> {
  if (file === undefined) return '';
  let text: string;
  try {
    text = file === '-' ? await io.stdin() : await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(`--upstream-password-file: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  return text.replace(/\r?\n$/, '');
}
