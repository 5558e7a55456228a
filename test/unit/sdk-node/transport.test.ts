/** Retries: network failures and 409 "in progress" are re-sent (same bytes) with jittered back-off; other answers are not. */
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, Transport } from '@open-payments/node';

function scripted(answers: Array<Response | Error>) {
  const bodies: string[] = [];
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    bodies.push(String(init.body));
    const next = answers.shift()!;
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  const waits: number[] = [];
  const t = new Transport({
    baseUrl: 'http://platform.test',
    fetch: fetchImpl,
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
  });
  return { t, bodies, waits };
}
const req = {
  method: 'POST' as const,
  path: '/post',
  contentType: 'application/x-www-form-urlencoded' as const,
  body: 'action=SALE&order_id=1',
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('Transport', () => {
  it('retries a connection failure and a 409 with the identical body, backing off with jitter', async () => {
    const { t, bodies, waits } = scripted([
      new TypeError('fetch failed'),
      json(409, { result: 'ERROR', error_code: 400, error_message: 'in progress' }),
      json(200, { result: 'SUCCESS' }),
    ]);
    expect(await t.send(req)).toEqual({ result: 'SUCCESS' });
    expect(new Set(bodies)).toEqual(new Set([req.body]));
    expect(bodies).toHaveLength(3);
    expect(waits).toEqual([125, 250]); // random 0.5 × (250, 500)
  });

  it('gives up after maxRetries with a NetworkError carrying the cause', async () => {
    const { t } = scripted(Array.from({ length: 4 }, () => new TypeError('fetch failed')));
    await expect(t.send(req)).rejects.toBeInstanceOf(NetworkError);
  });

  it('does not retry a refusal: an ApiError with error_code, error_message and errors', async () => {
    const { t, bodies } = scripted([
      json(400, {
        result: 'ERROR',
        error_code: 100000,
        error_message: 'Request data is invalid.',
        errors: [{ error_code: 100000, error_message: 'hash: Hash is not valid.' }],
      }),
    ]);
    const err = await t.send(req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ httpStatus: 400, error_code: 100000, error_message: 'Request data is invalid.' });
    expect(bodies).toHaveLength(1);
  });

  it('a 409 on the last attempt is reported, not swallowed', async () => {
    const { t } = scripted(Array.from({ length: 4 }, () => json(409, { result: 'ERROR', error_code: 400, error_message: 'in progress' })));
    await expect(t.send(req)).rejects.toMatchObject({ httpStatus: 409 });
  });
});
