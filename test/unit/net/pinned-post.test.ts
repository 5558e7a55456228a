/**
 * A POST on a pooled connection that the peer resets after reading the request (a real local server,
 * test/support/resetting-server.ts): the request may have been processed, so it is sent again only when the caller
 * said it is safe to repeat (an inquiry, a callback); a request that moves money is never sent twice, and the reset
 * is no answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPinned, type PinnedTarget, type Resend } from '../../../shared/lib/net/pinned-post.js';
import { startResettingServer, type ResettingServer } from '../../support/resetting-server.js';

let server: ResettingServer;
let target: PinnedTarget;

beforeAll(async () => {
  server = await startResettingServer(() => ({ result: 'SUCCESS' }));
  const url = new URL(server.url);
  target = { url, hostname: url.hostname, address: '127.0.0.1', family: 4 };
});
afterAll(() => server.close());

const post = (body: string, resend: Resend) =>
  postPinned(target, { headers: { 'content-type': 'text/plain' }, body, signal: AbortSignal.timeout(10_000), maxBodyChars: 1000, resend });

describe('a pooled connection reset after the request was read', () => {
  it("'never': the reset is no answer, and the request reached the server once", async () => {
    server.received.length = 0;
    expect((await post('first', 'never')).status).toBe(200);
    await expect(post('SALE 10.00', 'never')).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(server.received.map((r) => [r.body, r.reset])).toEqual([
      ['first', false],
      ['SALE 10.00', true],
    ]);
    // The reset request came on the connection the first one used: the case the pool's reuse creates.
    expect(server.received[1]!.connection).toBe(server.received[0]!.connection);
  });

  it("'on-reset': sent once more on a new connection, which answers", async () => {
    server.received.length = 0;
    expect((await post('first', 'on-reset')).status).toBe(200);
    const res = await post('GET_TRANS_STATUS', 'on-reset');
    expect(res).toMatchObject({ status: 200, body: '{"result":"SUCCESS"}' });
    const [first, reset, again] = server.received;
    expect(server.received).toHaveLength(3);
    expect(reset).toMatchObject({ body: 'GET_TRANS_STATUS', reset: true, connection: first!.connection });
    expect(again).toMatchObject({ body: 'GET_TRANS_STATUS', reset: false });
    expect(again!.connection).not.toBe(first!.connection);
  });
});
