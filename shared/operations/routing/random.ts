/**
 * The random source of weighted volume splits. Tests replace it with a seeded sequence (injectRoutingRandom) so a
 * split is asserted exactly, not statistically.
 */
let source: () => number = Math.random;

/** A number in [0, 1). */
export function routingRandom(): number {
  return source();
}

/** Replaces the source (tests); call with no argument to restore Math.random. */
export function injectRoutingRandom(next?: () => number): void {
  source = next ?? Math.random;
}
