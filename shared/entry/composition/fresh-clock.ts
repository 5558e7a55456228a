import type { Deps } from '../../operations/deps.js';

/** `d` after a fresh reading of the test clock (the runners force it: they act on the time an operator just set). */
export async function withFreshClock<D extends Pick<Deps, 'clock'>>(d: D, opts: { force?: boolean } = {}): Promise<D> {
  await d.clock.refresh?.(opts);
  return d;
}
