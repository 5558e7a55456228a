/**
 * Counts every AWS call the platform's SDK clients make in this process, per function invocation (the local
 * platform runs the handlers here), and reads DynamoDB's consumed capacity: the middleware asks each DynamoDB call
 * for ReturnConsumedCapacity=INDEXES, so write units are DynamoDB Local's own figures, not an estimate (with one
 * correction where DynamoDB Local bills differently from DynamoDB: billedWriteUnits).
 */
import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { AwsClients } from '../../shared/adapters/aws/aws-clients.js';
import { currentInvocation } from '../../scripts/local/invocations.js';

export interface AwsCall {
  /** The function whose invocation made the call; `(event source)` for the local pollers' own SQS calls. */
  fn: string;
  /** lambda: the callbacks' direct handoff (Invoke, InvocationType Event), billed as the invoked function's request. */
  service: 'dynamodb' | 'sqs' | 'kms' | 'lambda';
  command: string;
  writeUnits: number;
  readUnits: number;
  /** Write units by table / index name ("table", "gsi1", …). */
  writeUnitsBy: Record<string, number>;
  /** The request as sent (DynamoDB writes only): the floor replays the SALE's own writes. */
  input?: unknown;
  /**
   * A GetItem's or a single-item write's item, as `<pk prefix>/<sk>` ("MERCHANT/CALLBACK_SECRET", "COUNTERS/2026-12-07T15"):
   * tells a container's cache refresh apart, and one function's writes of different items (journals and counters).
   */
  item?: string;
  /**
   * The invocation's round trip the call belongs to (1, 2, …; 0 outside an invocation): a call started while another
   * of the same service and invocation was in flight shares that call's round trip (calls sent side by side, with
   * Promise.all); any other starts the next one.
   */
  trip: number;
}

const OUTSIDE = '(event source)';
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);

export interface Capacity {
  TableName?: string;
  CapacityUnits?: number;
  WriteCapacityUnits?: number;
  ReadCapacityUnits?: number;
  Table?: { WriteCapacityUnits?: number; ReadCapacityUnits?: number; CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { WriteCapacityUnits?: number; ReadCapacityUnits?: number; CapacityUnits?: number }>;
}

export class AwsMeter {
  readonly calls: AwsCall[] = [];
  /** Off during load runs: the meter's own work would be measured too. */
  enabled = true;
  keepWriteInputs: boolean;
  private readonly detach: (() => void)[] = [];
  /** Per invocation and service: calls in flight, and the round trip they belong to. */
  private readonly flights = new WeakMap<object, Record<string, { inFlight: number; trip: number }>>();

  constructor(clients: AwsClients & { lambda?: LambdaClient }, opts: { keepWriteInputs?: boolean } = {}) {
    this.keepWriteInputs = opts.keepWriteInputs ?? false;
    const services = [
      ['dynamodb', clients.ddb],
      ['sqs', clients.sqs],
      ['kms', clients.kms],
      ...(clients.lambda ? ([['lambda', clients.lambda]] as const) : []),
    ] as const;
    for (const [service, client] of services) {
      const name = `benchMeter-${service}`;
      // One middleware (the stack's public add) for three clients of different types.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the three clients' stacks have unrelated generic types
      const stack = client.middlewareStack as any;
      stack.add(
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one middleware serves every client's input and output types
        (next: any, context: any) => async (args: any) => {
          if (!this.enabled) return next(args);
          const command = String(context.commandName);
          const invocation = currentInvocation();
          const fn = invocation?.functionName ?? OUTSIDE;
          if (service === 'dynamodb' && args.input && typeof args.input === 'object') args.input.ReturnConsumedCapacity = 'INDEXES';
          const flights = invocation ? (this.flights.get(invocation) ?? this.flights.set(invocation, {}).get(invocation)!) : {};
          const flight = (flights[service] ??= { inFlight: 0, trip: 0 });
          if (flight.inFlight++ === 0) flight.trip++;
          const trip = invocation ? flight.trip : 0;
          let result;
          try {
            result = await next(args);
          } finally {
            flight.inFlight--;
          }
          const call: AwsCall = { fn, service, command, writeUnits: 0, readUnits: 0, writeUnitsBy: {}, trip };
          if (service === 'dynamodb') {
            this.readCapacity(call, result?.output?.ConsumedCapacity as Capacity | Capacity[] | undefined, WRITES.has(command));
            if (this.keepWriteInputs && WRITES.has(command)) call.input = structuredClone(args.input);
            if (command === 'GetItemCommand' || command === 'UpdateItemCommand' || command === 'DeleteItemCommand')
              call.item = itemKind(args.input?.Key);
            if (command === 'PutItemCommand') call.item = itemKind(args.input?.Item);
          }
          this.calls.push(call);
          return result;
        },
        { step: 'initialize', name, priority: 'low' },
      );
      this.detach.push(() => stack.remove(name));
    }
  }

  /** Index into `calls`: what happens after it is `since(mark)`. */
  mark(): number {
    return this.calls.length;
  }

  since(mark: number, fn?: string): AwsCall[] {
    return this.calls.slice(mark).filter((c) => fn === undefined || c.fn === fn);
  }

  stop(): void {
    for (const d of this.detach) d();
  }

  private readCapacity(call: AwsCall, consumed: Capacity | Capacity[] | undefined, write: boolean): void {
    for (const c of [consumed ?? []].flat()) {
      if (!write) {
        call.readUnits += c.CapacityUnits ?? 0;
        continue;
      }
      const billed = billedWriteUnits(call.command, c);
      call.writeUnits += billed.total;
      for (const [arm, units] of Object.entries(billed.by)) call.writeUnitsBy[arm] = (call.writeUnitsBy[arm] ?? 0) + units;
    }
  }
}

/**
 * The write units DynamoDB bills for one table's consumed capacity, by arm ("table", then each index).
 * Inside a TransactWriteItems DynamoDB Local bills each item's index entries at twice their units, like the item
 * itself; DynamoDB doubles the table arm alone (a transaction's prepare and commit are two writes of the item; its
 * index entries are written once, as for any write): an index arm costs the same inside a transaction as outside.
 * Measured against DynamoDB by the dynamodb-conformance suite and fixed in the dynoxide emulator
 * (github.com/nubo-db/dynoxide/pull/188); bench/test/billed-write-units.test.ts pins what DynamoDB Local
 * reports. So a transaction's index arms are counted once here. (DynamoDB Local also reports two items of a
 * transaction whose figures are equal as one; the SALE's transaction writes a payment and a callback, which differ.)
 */
export function billedWriteUnits(command: string, c: Capacity): { total: number; by: Record<string, number> } {
  const by: Record<string, number> = {};
  const table = c.Table?.WriteCapacityUnits ?? c.Table?.CapacityUnits;
  if (table !== undefined) by.table = table;
  const halve = command === 'TransactWriteItemsCommand';
  let overReported = 0;
  for (const [index, u] of Object.entries(c.GlobalSecondaryIndexes ?? {})) {
    const reported = u.WriteCapacityUnits ?? u.CapacityUnits ?? 0;
    by[index] = halve ? reported / 2 : reported;
    overReported += reported - by[index];
  }
  return { total: (c.CapacityUnits ?? 0) - overReported, by };
}

/** `<pk prefix>/<sk>` of a key, its attributes plain or marshalled. */
function itemKind(key: Record<string, unknown> | undefined): string | undefined {
  const plain = (v: unknown) => (v && typeof v === 'object' && 'S' in v ? (v as { S: string }).S : typeof v === 'string' ? v : undefined);
  const pk = plain(key?.pk);
  return pk === undefined ? undefined : `${pk.split('#')[0]}/${plain(key?.sk) ?? ''}`;
}

/** Round trips one invocation's calls took (calls outside an invocation count one each). */
export function roundTrips(calls: readonly AwsCall[]): number {
  return new Set(calls.map((c, i) => (c.trip ? `${c.fn}#${c.trip}` : `outside#${i}`))).size;
}

/** The calls by round trip, in order: "BatchGetItem ‖ PutItem" for two sent side by side. */
export function byRoundTrip(calls: readonly AwsCall[]): string[] {
  const trips = new Map<string, string[]>();
  for (const [i, c] of calls.entries()) {
    const key = c.trip ? `${c.fn}#${c.trip}` : `outside#${i}`;
    trips.set(key, [...(trips.get(key) ?? []), c.command.replace(/Command$/, '')]);
  }
  return [...trips.entries()].sort(([a], [b]) => tripOrder(a) - tripOrder(b)).map(([, names]) => names.sort().join(' ‖ '));
}

const tripOrder = (key: string) => Number(key.split('#').at(-1));

export function sum(calls: AwsCall[], pick: (c: AwsCall) => number): number {
  return calls.reduce((a, c) => a + pick(c), 0);
}

export function byIndex(calls: AwsCall[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of calls) for (const [k, v] of Object.entries(c.writeUnitsBy)) out[k] = (out[k] ?? 0) + v;
  return out;
}
