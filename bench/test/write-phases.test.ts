import { describe, expect, it } from 'vitest';
import { formatPhases, writePhases } from '../src/write-phases.js';

const writes = [
  { fn: 'S2sCardPost', command: 'PutItem', writeUnits: 4, item: 'PAYMENT/PAYMENT' },
  { fn: 'S2sCardPost', command: 'TransactWriteItems', writeUnits: 7 },
  { fn: 'CallbackDeliver', command: 'UpdateItem', writeUnits: 1, item: 'CALLBACK/CALLBACK' },
  { fn: 'CallbackDeliver', command: 'UpdateItem', writeUnits: 3, item: 'CALLBACK/CALLBACK' },
  { fn: 'PaymentChanges', command: 'UpdateItem', writeUnits: 1, item: 'COUNTERS/2026-12-07T15' },
  { fn: 'PaymentChanges', command: 'UpdateItem', writeUnits: 1, item: 'COUNTERS/2026-12-07T15' },
];

describe('writePhases', () => {
  it('sums writes per phase, function and command; only the counters are shared at the steady rate', () => {
    const lines = writePhases(writes, 0.05);
    expect(lines.map((l) => [l.phase, l.command, l.alone, l.steady])).toEqual([
      ['request', 'PutItem', 4, 4],
      ['request', 'TransactWriteItems', 7, 7],
      ['callback delivery', 'UpdateItem', 4, 4],
      ['dashboard counters (stream)', 'UpdateItem', 2, 0.1],
    ]);
    expect(formatPhases(lines, 'x')).toMatch(/total\s+17\.00\s+15\.10/);
  });

  it("shows the ledger's journals as their own line, one per payment at any rate, though the counters' consumer writes them", () => {
    const lines = writePhases([...writes, { fn: 'PaymentChanges', command: 'PutItem', writeUnits: 2, item: 'JOURNAL/e1#capture' }], 0.05);
    expect(lines.at(-1)).toEqual({ phase: 'ledger journals (stream)', fn: 'PaymentChanges', command: 'PutItem', alone: 2, steady: 2 });
  });

  it('never charges the counters more at the steady rate than alone', () => {
    expect(writePhases(writes, 3).find((l) => l.phase.startsWith('dashboard'))!.steady).toBe(2);
  });
});
