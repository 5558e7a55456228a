/**
 * A function's Deps holds the ports its composition names, each built once by its module and again after a reset;
 * any other port fails by name when read, and spreading a Deps copies only the composed ports.
 */
import { describe, expect, it } from 'vitest';
import type { Deps } from '../../../shared/operations/deps.js';
import { composition, PortNotComposedError } from '../../../shared/entry/composition/compose.js';
import { port, resetPorts } from '../../../shared/entry/composition/port.js';

describe('composition', () => {
  it('builds a port on first use, keeps it, and builds it again after resetPorts', () => {
    let built = 0;
    const ids = port(() => ({ n: ++built }));
    const d = composition({ newId: () => () => 'id', testClock: ids as never })();
    expect(built).toBe(0);
    const first = d.testClock;
    expect(d.testClock).toBe(first);
    expect(built).toBe(1);
    resetPorts();
    expect(d.testClock).not.toBe(first);
    expect(built).toBe(2);
  });

  it('names a port the function did not compose, and leaves it out of a spread', () => {
    const d = composition({ newId: () => () => 'id' })();
    // Its type has no payments (typed-ports.test.ts); read as any Deps, the port fails by name.
    const loose: Partial<Deps> = d;
    expect(() => loose.payments).toThrow(PortNotComposedError);
    expect(() => loose.payments).toThrow("The port 'payments' is not composed into this function");
    const copy = { ...d, clock: 'replaced' };
    expect(Object.keys(copy).sort()).toEqual(['clock', 'newId']);
    expect(copy.newId()).toBe('id');
  });
});
