/**
 * A crash point at each DynamoDB write this process sends: `crashEveryWrite(op, check)` runs `op` with its first
 * write failing (as if the process died just before it), checks what is stored, then again with the second write
 * failing, and so on until `op` completes without reaching a crash point. Through the SDK's own middleware stack, on
 * the shared document client; reads pass, and so do the writes of anything else running in this process (the local
 * platform's consumers): only `op`'s own async context counts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ddbClient } from '../../shared/adapters/aws/aws-clients.js';

// The document client's commands run as the low-level ones: either name may show.
const WRITES = new Set([
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'TransactWriteCommand',
  'BatchWriteCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
]);
const NAME = 'test-write-crash';

export class WriteCrash extends Error {}

/** Runs `op` with the `n`th write (1-based) failing before it is sent; the commands written before it are listed. */
async function withCrashAt<T>(n: number, op: () => Promise<T>): Promise<{ result?: T; crashed: boolean; sent: string[] }> {
  const sent: string[] = [];
  let crashed = false;
  const client = ddbClient();
  const mine = new AsyncLocalStorage<true>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (mine.getStore() && WRITES.has(String(context.commandName))) {
        if (sent.length + 1 === n) {
          crashed = true;
          throw new WriteCrash(`crash before write ${n} (${context.commandName})`);
        }
        sent.push(String(context.commandName));
      }
      return next(args);
    },
    { step: 'initialize', name: NAME },
  );
  try {
    return { result: await mine.run(true, op), crashed, sent };
  } catch (err) {
    if (!crashed) throw err;
    return { crashed, sent };
  } finally {
    client.middlewareStack.remove(NAME);
  }
}

/**
 * `check(completed)` after every crash point and after the run that completed; answers the writes of that run.
 * Fresh inputs per run are the caller's (`op` is called once per crash point).
 */
export async function crashEveryWrite<T>(
  op: (run: number) => Promise<T>,
  check: (completed: boolean, run: number) => Promise<void>,
): Promise<string[]> {
  for (let n = 1; n <= 20; n++) {
    const r = await withCrashAt(n, () => op(n));
    await check(!r.crashed, n);
    if (!r.crashed) return r.sent;
  }
  throw new Error('the operation still wrote after 20 crash points');
}
