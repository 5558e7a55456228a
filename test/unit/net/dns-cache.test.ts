/**
 * The callback POST's resolver keeps an answer 10 s (shared/lib/net/dns-cache.ts): one lookup per name while kept,
 * shared by lookups in flight, asked again once the time is up or after a failure, and bounded in names. The vetting
 * of every address still happens on each use (public-url.ts): a kept answer with a private address is refused each
 * time.
 */
import { describe, expect, it } from 'vitest';
import { cachingResolver } from '../../../shared/lib/net/dns-cache.js';
import { vetPublicUrl, type Resolver } from '../../../shared/lib/net/public-url.js';

function counting(answers: Record<string, string[] | Error>) {
  const asked: string[] = [];
  const resolve: Resolver = async (name) => {
    asked.push(name);
    await new Promise((r) => setTimeout(r, 5));
    const a = answers[name];
    if (!a || a instanceof Error) throw a ?? Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
    return a.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, resolve };
}

describe('the caching resolver', () => {
  it('asks once per name while the answer is kept, concurrent lookups included, and again once it is not', async () => {
    let t = 1_000;
    const inner = counting({ 'merchant.example': ['93.184.216.34'], 'other.example': ['93.184.216.35'] });
    const resolve = cachingResolver(inner.resolve, { keepMs: 10_000, now: () => t });
    const [a, b] = await Promise.all([resolve('merchant.example'), resolve('Merchant.Example')]);
    expect(a).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(b).toEqual(a);
    t += 9_999;
    await resolve('merchant.example');
    await resolve('other.example');
    expect(inner.asked).toEqual(['merchant.example', 'other.example']);
    t += 1;
    await resolve('merchant.example');
    expect(inner.asked).toEqual(['merchant.example', 'other.example', 'merchant.example']);
  });

  it('keeps no failure: the next lookup asks again', async () => {
    const answers: Record<string, string[] | Error> = {};
    const inner = counting(answers);
    const resolve = cachingResolver(inner.resolve, { now: () => 0 });
    await expect(resolve('late.example')).rejects.toThrow(/no such name/);
    answers['late.example'] = ['93.184.216.36'];
    await expect(resolve('late.example')).resolves.toEqual([{ address: '93.184.216.36', family: 4 }]);
    expect(inner.asked).toEqual(['late.example', 'late.example']);
  });

  it('keeps at most maxNames names, dropping the oldest', async () => {
    const inner = counting({ 'a.example': ['93.184.216.1'], 'b.example': ['93.184.216.2'], 'c.example': ['93.184.216.3'] });
    const resolve = cachingResolver(inner.resolve, { maxNames: 2, now: () => 0 });
    for (const n of ['a.example', 'b.example', 'c.example', 'b.example', 'a.example']) await resolve(n);
    expect(inner.asked).toEqual(['a.example', 'b.example', 'c.example', 'a.example']);
  });

  it('hands out answers, not verdicts: a kept answer with a private address is refused on every use', async () => {
    const inner = counting({ 'rebind.example': ['93.184.216.34', '10.0.0.5'] });
    const resolve = cachingResolver(inner.resolve, { now: () => 0 });
    for (let i = 0; i < 2; i++) {
      const vetted = await vetPublicUrl('https://rebind.example/cb', { allowLoopback: false }, resolve);
      expect(vetted).toMatchObject({ ok: false, refused: true, reason: expect.stringMatching(/private address 10\.0\.0\.5/) });
    }
    expect(inner.asked).toEqual(['rebind.example']);
  });
});
