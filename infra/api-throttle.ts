/**
 * Per-route throttling of the public HTTP API (docs/deploy-reference.md "Throttling"). API Gateway keeps one token
 * bucket per route: `rate` requests a second refill it, `burst` is its size. Every route gets the stage's default
 * (stages.ts; `-c apiThrottle=RATE/BURST`); the routes that move no money (health, the API reference) get a small
 * bucket of their own, so a flood of them cannot cost what a payment costs; `-c routeThrottle=` sets any route.
 * These limits are for the whole API, not per caller: per caller is the web ACL's rate rule (infra/constructs/edge.ts).
 */

export interface Throttle {
  /** Steady requests per second. */
  rate: number;
  /** The bucket: how many requests may arrive at once above the rate. */
  burst: number;
}

/** Routes that serve no payment and no payer: their own small bucket in every stage. */
export const INFO_ROUTES: readonly string[] = ['GET /health', 'GET /openapi.json', 'GET /docs', 'GET /docs/redoc.standalone.js'];
export const INFO_THROTTLE: Throttle = { rate: 20, burst: 40 };

/** `-c apiThrottle=RATE/BURST`, `-c routeThrottle=…` values: "1000/2000" (the rate may have decimals). */
export function parseThrottle(value: string, option: string): Throttle {
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match) throw new Error(`-c ${option} must be RATE/BURST (requests a second / bucket size, e.g. 1000/2000), not "${value}"`);
  return { rate: Number(match[1]), burst: Number(match[2]) };
}

/** `-c routeThrottle="POST /post=2000/4000,GET /health=5/10"`: route keys as in shared/entry/routes. */
export function parseRouteThrottles(value: string): Record<string, Throttle> {
  const throttles: Record<string, Throttle> = {};
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.lastIndexOf('=');
    const route = entry.slice(0, at).trim().replace(/\s+/, ' ');
    if (at <= 0 || !/^[A-Z]+ \/\S*$/.test(route)) throw new Error(`-c routeThrottle entries are "METHOD /path=RATE/BURST", not "${entry}"`);
    throttles[route] = parseThrottle(entry.slice(at + 1), `routeThrottle (${route})`);
  }
  return throttles;
}

/**
 * Each route's throttle: the override, else the information routes' bucket, else the stage's default. An override
 * naming no route of the stage is refused at synth (API Gateway would fail the deploy).
 */
export function routeThrottles(
  routeKeys: readonly string[],
  stageDefault: Throttle,
  overrides: Readonly<Record<string, Throttle>> = {},
): Record<string, Throttle> {
  const unknown = Object.keys(overrides).filter((key) => !routeKeys.includes(key));
  if (unknown.length) throw new Error(`-c routeThrottle names no route of this stage: ${unknown.join(', ')}`);
  const small = (t: Throttle): Throttle => ({ rate: Math.min(t.rate, INFO_THROTTLE.rate), burst: Math.min(t.burst, INFO_THROTTLE.burst) });
  return Object.fromEntries(
    routeKeys.map((key) => [key, overrides[key] ?? (INFO_ROUTES.includes(key) ? small(stageDefault) : stageDefault)]),
  );
}
