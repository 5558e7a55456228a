/**
 * `npm run smoke -- --url URL --client-key KEY --password PASS [--callback-url URL] [--stage NAME] [--timeout 60]`:
 * the smoke test of a running stage (smoke.ts). Prints the summary table; exit code 0 when every check passed, 1
 * otherwise (2: bad arguments), for a pipeline to gate on. docs/deploy.md, "Smoke test".
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { runCallbacksCommand } from '../admin/callbacks.js';
import { useTarget } from '../admin/target.js';
import { formatReport, runSmoke, type DeliveryLogEntry } from './smoke.js';

export const SMOKE_USAGE = `usage: npm run smoke -- --url URL --client-key KEY --password PASS [--callback-url URL] [--stage NAME] [--timeout SECONDS]
  --url           the stage's API URL (stack output ApiUrl; locally http://127.0.0.1:3000)
  --client-key    a merchant's client key, with a sandbox MID (its PASSWORD: --password)
  --callback-url  the merchant's notification URL, when it is a 127.0.0.1 address: the smoke test listens there
  --stage         otherwise the SALE's callback is looked up in the merchant's delivery log: of this deployed stage
                  (AWS credentials), or of the local platform without --stage
  --timeout       seconds to wait for the callback (default 60)`;

/** Runs the smoke test; returns the process exit code. `print` gets the summary table. */
export async function main(argv: string[], print: (text: string) => void = console.log): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        'client-key': { type: 'string' },
        password: { type: 'string' },
        'callback-url': { type: 'string' },
        stage: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (err) {
    print(`${(err as Error).message}\n${SMOKE_USAGE}`);
    return 2;
  }
  if (values.help) {
    print(SMOKE_USAGE);
    return 0;
  }
  const timeout = Number(values.timeout ?? 60);
  if (!values.url || !values['client-key'] || !values.password || !Number.isFinite(timeout) || timeout <= 0) {
    print(SMOKE_USAGE);
    return 2;
  }
  const report = await runSmoke({
    url: values.url,
    clientKey: values['client-key'],
    password: values.password,
    callbackUrl: values['callback-url'],
    callbackTimeoutMs: timeout * 1000,
    deliveryLog: deliveryLogOf(values.stage),
  });
  print(formatReport(report));
  return report.ok ? 0 : 1;
}

/** The admin CLI's view of a payment's callbacks, on the stage it targets (set up on first use). */
function deliveryLogOf(stage: string | undefined): (transId: string) => Promise<DeliveryLogEntry[]> {
  let ready: Promise<unknown> | undefined;
  return async (transId) => {
    await (ready ??= useTarget(stage));
    return (await runCallbacksCommand(['payment', transId])) as DeliveryLogEntry[];
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error((err as Error).message);
      process.exit(1);
    },
  );
}
