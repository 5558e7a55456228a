import { describe, expect, it } from 'vitest';
import { formatPhases, writePhases } from '../src/write-phases.js';

const writes = [
  { fn: 'S2sCardPost', command: 'PutItem', writeUnits: 4 },
  { fn: 'S2sCardPost', command: 'TransactWriteItems', writeUnits: 7 },
  { fn: 'CallbackDeliver', command: 'UpdateItem', writeUnits: 1 },
  { fn: 'CallbackDeliver', command: 'UpdateItem', writeUnits: 3 },
  { fn: 'DashboardCounters', command: 'UpdateItem', writeUnits: 1 },
  { fn: 'DashboardCounters', command: 'UpdateItem', writeUnits: 1 },
];

describe('writePhases', () => {
  it('sums writes per function and command; only the counters are shared at the steady rate', () => {
    const lines = writePhases(writes, 0.05);
    expect(lines.map((l) => [l.phase, l.command, l.alone, l.steady])).toEqual([
      ['request', 'PutItem', 4, 4],
      ['request', 'TransactWriteItems', 7, 7],
      ['callback delivery', 'UpdateItem', 4, 4],
      ['dashboard counters (stream)', 'UpdateItem', 2, 0.1],
    ]);
    expect(formatPhases(lines, 'x')).toMatch(/total\s+17\.00\s+15\.10/);
  });

  it("shows the ledger's journals as their own line, one per payment at any rate", () => {
    const lines = writePhases([...writes, { fn: 'LedgerJournals', command: 'PutItem', writeUnits: 1 }], 0.05);
    expect(lines.at(-1)).toEqual({ phase: 'ledger journals (stream)', fn: 'LedgerJournals', command: 'PutItem', alone: 1, steady: 1 });
  });

  it('never charges the counters more at the steady rate than alone', () => {
    expect(writePhases(writes, 3).find((l) => l.fn === 'DashboardCounters')!.steady).toBe(2);
  });
});
