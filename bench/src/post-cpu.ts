/**
 * `npx tsx bench/src/post-cpu.ts [--posts 2000]`: node CPU per callback POST (signing, the SSRF vetting and the
 * HTTP request) to a receiver in another process, on a kept connection and on a new connection each (as before).
 */
import { parseArgs } from 'node:util';
import { callbackRequest } from '../../shared/operations/callbacks/callback-request.js';
import { postPinned } from '../../shared/lib/net/pinned-post.js';
import { postCallback } from '../../shared/operations/callbacks/post-callback.js';
import { startCallbackSink } from './callback-sink.js';

const { values } = parseArgs({ options: { posts: { type: 'string', default: '2000' } } });
const posts = Number(values.posts);
const sink = await startCallbackSink();
const url = new URL(sink.url);
const target = { url, hostname: url.hostname, address: '127.0.0.1', family: 4 as const };
const fields = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'o-1', trans_id: 't-1', amount: '10.00', currency: 'USD' };
let n = 0;
const variants: Record<string, () => Promise<unknown>> = {
  'postCallback (kept connection)': () =>
    postCallback({
      url: sink.url,
      fields,
      eventId: `e-${n++}`,
      secrets: ['cbs_x'],
      now: new Date(),
      timeoutMs: 5000,
      addressPolicy: { allowLoopback: true },
    }),
  'new connection each': () => {
    const { body, headers } = callbackRequest({ fields, eventId: `e-${n++}`, secrets: ['cbs_x'], now: new Date() });
    return postPinned(target, { headers, body, signal: AbortSignal.timeout(5000), maxBodyChars: 64, resend: 'on-reset' }, true);
  },
  'kept connection': () => {
    const { body, headers } = callbackRequest({ fields, eventId: `e-${n++}`, secrets: ['cbs_x'], now: new Date() });
    return postPinned(target, { headers, body, signal: AbortSignal.timeout(5000), maxBodyChars: 64, resend: 'on-reset' });
  },
};
try {
  for (let round = 0; round < 3; round++) {
    for (const [name, post] of Object.entries(variants)) {
      const cpu = process.cpuUsage();
      // 4 at a time, as a batch of callbacks for different payments goes.
      let left = posts;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (left-- > 0) await post();
        }),
      );
      const used = process.cpuUsage(cpu);
      console.log(`${name.padEnd(32)} ${((used.user + used.system) / 1000 / posts).toFixed(3)} ms node CPU per POST`);
    }
  }
} finally {
  await sink.close();
}
