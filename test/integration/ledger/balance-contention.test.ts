/**
 * One merchant's journals arrive many to a batch (and from every shard at once): they are all written (a batch of
 * hundreds must not exhaust the client's connections), and the balance, read from the journals since the last
 * closed day, is their sum, each once.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Journal } from '../../../shared/domain/ledger/journal.js';
import { accounts } from '../../../shared/domain/ledger/accounts.js';
import { ledger } from '../../../shared/entry/composition/ledger.js';
import { usePlatform } from '../../support/platform.js';

usePlatform();

const journal = (clientKey: string, amount: number): Journal => {
  const transId = randomUUID();
  return {
    id: `${transId}/${transId}/capture`,
    transId,
    entryId: transId,
    event: 'SALE',
    kind: 'capture',
    clientKey,
    midId: 'mid-1',
    currency: 'USD',
    at: '2030-05-05T12:00:00.000Z',
    journaledAt: '2030-05-05T12:00:01.000Z',
    amount,
    fee: 0,
    lines: [
      { account: accounts.acquirerReceivable('mid-1', 'USD'), side: 'debit', amount },
      { account: accounts.merchantPayable(clientKey, 'USD'), side: 'credit', amount },
    ],
  };
};

it("a batch of one merchant's journals, and two batches at once, are all written and summed in its balance", async () => {
  const clientKey = `busy-${randomUUID()}`;
  const batches = [
    Array.from({ length: 60 }, (_, i) => journal(clientKey, 100 + i)),
    Array.from({ length: 60 }, (_, i) => journal(clientKey, 1000 + i)),
  ];
  const results = await Promise.all(batches.map((b) => ledger().append(b)));
  expect(results.map((r) => r.written)).toEqual([60, 60]);
  const total = batches.flat().reduce((s, j) => s + j.amount, 0);
  expect(await ledger().balances(clientKey)).toEqual([{ currency: 'USD', payable: total, journals: 120, fees: 0, reserve: 0 }]);
  // Replayed: nothing twice.
  expect((await ledger().append(batches[0]!)).written).toBe(0);
  expect(await ledger().balances(clientKey)).toEqual([{ currency: 'USD', payable: total, journals: 120, fees: 0, reserve: 0 }]);
});
