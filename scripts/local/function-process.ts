/**
 * One event-driven function in a process of its own (forked by function-processes.ts), as Lambda runs each function
 * in its own runtime: the poller (the event-source mapping) sends it an event and gets the handler's answer back, so
 * a batch of callbacks never runs on the gateway's event loop. Invocations run concurrently, as in-process ones do.
 */
import { loadHandler } from './handlers.js';
import { lambdaContext } from './gateway.js';
import { runWithLocalGrants } from '../../shared/adapters/aws/local-key-grants.js';

interface Invoke {
  id: number;
  handler: string;
  functionName: string;
  grants?: readonly string[];
  event?: unknown;
  load?: true;
}

process.on('message', async (m: Invoke | { cpu: number }) => {
  if ('cpu' in m) {
    const used = process.cpuUsage();
    process.send!({ cpu: m.cpu, ms: (used.user + used.system) / 1000 });
    return;
  }
  try {
    const fn = await loadHandler<unknown, unknown>(m.handler);
    if ('load' in m) return void process.send!({ id: m.id, result: null });
    const call = () => fn(m.event, lambdaContext(m.functionName));
    process.send!({ id: m.id, result: await (m.grants ? runWithLocalGrants(m.grants, call) : call()) });
  } catch (err) {
    process.send!({ id: m.id, error: (err as Error).message ?? String(err) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
