/**
 * What Lambda's event-source mappings on the table's stream do on AWS, played locally against DynamoDB Local's
 * stream: follow every shard from the moment the platform starts (what came before is the sweeper's), pick up new
 * shards as they open, hand each batch of records to each consumer (filtered as its mapping's filter would),
 * and retry a failed batch a few times before moving on, as the mapping's retry limit does. One reader serves every
 * consumer: on AWS each mapping reads the stream in Lambda's service, at no CPU of the functions', so locally the
 * records are fetched and decoded once rather than once per consumer.
 */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { streamRecordsReader } from './stream-records.js';
import { loadHandler } from './handlers.js';
import { lambdaContext } from './gateway.js';
import { runWithLocalGrants } from '../../shared/adapters/aws/local-key-grants.js';
import type { Poller } from './pollers.js';
import { runStandIn } from './invocations.js';
import { sdkClientOptions } from '../../shared/adapters/aws/sdk-client-options.js';

// Lambda polls each shard of a DynamoDB stream 4 times a second; a poll that filled its page is followed at once.
const POLL_EVERY_MS = 250;
const PAGE = 1000;
const RETRIES = 3;
const SHARD_SCAN_MS = 2000;

export interface StreamConsumer {
  handler: string;
  functionName: string;
  batchSize: number;
  insertedKinds: readonly string[];
  modifiedKinds?: readonly string[];
  /** A windowed mapping: the event names its shard (`shardId`), as Lambda's tumbling windows do. */
  windowSeconds?: number;
  /**
   * Gather a shard's records up to this long before invoking with fewer than batchSize (the mapping's
   * MaximumBatchingWindowInSeconds); unset: invoke with what each poll found, as tests want.
   */
  batchingWindowSeconds?: number;
  grants?: readonly string[];
  /** Calls the function (with its grants) instead of loading `handler` here: see function-processes.ts. */
  invoke?: (e: DynamoDBStreamEvent, c: unknown) => Promise<void>;
}

export async function pollTableStream(opts: {
  ddb: DynamoDBClient;
  endpoint: string;
  region: string;
  tableName: string;
  consumers: readonly StreamConsumer[];
}): Promise<StreamPoller> {
  // The mapping's own client, not a function's: middleware resolved once per command class instead of per call.
  const streams = new DynamoDBStreamsClient({
    ...sdkClientOptions(),
    cacheMiddleware: true,
    region: opts.region,
    endpoint: opts.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  // GetRecords, the stand-in's one frequent call, reads the answer as Lambda's service passes it on (stream-records.ts).
  const reader = streamRecordsReader(opts.endpoint, opts.region);
  const table = await opts.ddb.send(new DescribeTableCommand({ TableName: opts.tableName }));
  const StreamArn = table.Table?.LatestStreamArn;
  if (!StreamArn) throw new Error(`${opts.tableName} has no stream`);
  const iterators = new Map<string, string | undefined>();
  const lastSequence = new Map<string, string>();
  const finished = new Set<string>();
  // LATEST is played by reading the open shards to their end at start and dropping what is there: DynamoDB Local
  // can fail a LATEST iterator taken on an empty table (TrimmedDataAccessException on the first write), and its
  // record times are rounded to the minute. What came before the start is the sweeper's.
  const skipToEnd = async (id: string) => {
    let iterator = await iteratorFor(id);
    while (iterator) {
      const res = await reader.get(iterator, 1000);
      const last = res.Records?.at(-1)?.dynamodb?.SequenceNumber;
      if (last) lastSequence.set(id, last);
      if ((res.Records?.length ?? 0) < 1000) return res.NextShardIterator;
      iterator = res.NextShardIterator;
    }
    return iterator;
  };

  const iteratorFor = async (ShardId: string): Promise<string | undefined> => {
    const SequenceNumber = lastSequence.get(ShardId);
    const res = await streams.send(
      new GetShardIteratorCommand(
        SequenceNumber
          ? { StreamArn, ShardId, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber }
          : { StreamArn, ShardId, ShardIteratorType: 'TRIM_HORIZON' },
      ),
    );
    return res.ShardIterator;
  };

  const scanShards = async (first: boolean) => {
    const res = await streams.send(new DescribeStreamCommand({ StreamArn }));
    for (const shard of res.StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (iterators.has(id) || finished.has(id)) continue;
      // Shards closed before the start hold only history.
      if (first && shard.SequenceNumberRange?.EndingSequenceNumber) {
        finished.add(id);
        continue;
      }
      iterators.set(id, first ? await skipToEnd(id) : await iteratorFor(id));
    }
  };
  await scanShards(true);

  // Records a batching window holds back, per consumer and shard, and who waits for them to be handed over.
  const held = new Map<string, { records: DynamoDBRecord[]; since: number }>();
  let rounds = 0;
  let flushWaiters: Array<{ after: number; done: () => void }> = [];

  let running = true;
  const loop = runStandIn('table stream mappings', async () => {
    const consumers = await Promise.all(
      opts.consumers.map(async (c) => ({
        ...c,
        fn: c.invoke ?? (await loadHandler<DynamoDBStreamEvent, void>(c.handler)),
        grants: c.invoke ? undefined : c.grants,
      })),
    );
    let lastScan = Date.now();
    while (running) {
      const round = Date.now();
      let full = false;
      try {
        if (Date.now() - lastScan > SHARD_SCAN_MS) {
          await scanShards(false);
          lastScan = Date.now();
        }
      } catch (err) {
        if (running) console.error('[stream]', (err as Error).message);
      }
      for (const [id, iterator] of iterators) {
        if (!running) break;
        if (!iterator) {
          iterators.delete(id);
          finished.add(id);
          continue;
        }
        try {
          const res = await reader.get(iterator, PAGE);
          iterators.set(id, res.NextShardIterator);
          const all = res.Records ?? [];
          if (all.length >= PAGE) full = true;
          const last = all.at(-1)?.dynamodb?.SequenceNumber;
          if (last) lastSequence.set(id, last);
          // Each mapping gets its own filtered batches; the consumers run side by side, as separate functions do.
          await Promise.all(
            consumers.map(async (c) => {
              const records = all.filter((r) => wanted(r, c.insertedKinds, c.modifiedKinds ?? []));
              const ready = c.batchingWindowSeconds
                ? hold(`${c.functionName}\u0000${id}`, records, c.batchSize, c.batchingWindowSeconds * 1000, false)
                : records;
              for (let i = 0; i < ready.length; i += c.batchSize)
                await invoke(c.fn, ready.slice(i, i + c.batchSize), { ...c, shardId: c.windowSeconds ? id : undefined });
            }),
          );
        } catch (err) {
          if (!running) break;
          // An expired or broken iterator (DynamoDB Local trims a fresh table's first shard): take a new one after
          // the last record read.
          if ((err as Error).name !== 'TrimmedDataAccessException') console.error(`[stream] ${id}:`, (err as Error).message);
          iterators.set(id, await iteratorFor(id).catch(() => iterator));
        }
      }
      rounds++;
      // A flush asked for before this round began: every held record is handed over now, as the window's end would.
      const due = flushWaiters.filter((w) => w.after < rounds);
      if (due.length) {
        flushWaiters = flushWaiters.filter((w) => w.after >= rounds);
        for (const c of consumers) {
          for (const key of [...held.keys()].filter((k) => k.startsWith(`${c.functionName}\u0000`))) {
            const ready = hold(key, [], c.batchSize, 0, true);
            const shardId = key.slice(c.functionName.length + 1);
            for (let i = 0; i < ready.length; i += c.batchSize)
              await invoke(c.fn, ready.slice(i, i + c.batchSize), { ...c, shardId: c.windowSeconds ? shardId : undefined });
          }
        }
        for (const w of due) w.done();
      }
      const wait = POLL_EVERY_MS - (Date.now() - round);
      if (!full && wait > 0 && running) await new Promise((r) => setTimeout(r, wait));
    }
  });
  /**
   * Adds `records` to what `key` holds and returns what is due: whole batches at once, the rest once the oldest held
   * record waited `windowMs` (or at once with `all`).
   */
  function hold(key: string, records: DynamoDBRecord[], batchSize: number, windowMs: number, all: boolean): DynamoDBRecord[] {
    const h = held.get(key) ?? { records: [], since: Date.now() };
    if (!h.records.length) h.since = Date.now();
    h.records.push(...records);
    const due = all || Date.now() - h.since >= windowMs ? h.records.length : h.records.length - (h.records.length % batchSize);
    const ready = h.records.splice(0, due);
    if (h.records.length) held.set(key, h);
    else held.delete(key);
    return ready;
  }

  return {
    flush: () => new Promise<void>((done) => (running ? flushWaiters.push({ after: rounds, done }) : done())),
    async stop() {
      running = false;
      for (const w of flushWaiters) w.done();
      await loop.catch(() => undefined);
      streams.destroy();
      reader.close();
    },
  };
}

export interface StreamPoller extends Poller {
  /**
   * Hands every record a batching window holds to its consumer now, once the records already in the stream were
   * read: what the window's end does on AWS, without waiting for it (the bench measures one payment's batch).
   */
  flush(): Promise<void>;
}

/** The mapping's filters: INSERTs of the listed item kinds, MODIFYs of the others. */
function wanted(r: DynamoDBRecord, inserted: readonly string[], modified: readonly string[]): boolean {
  const kind = r.dynamodb?.NewImage?.kind?.S ?? '';
  return (r.eventName === 'INSERT' && inserted.includes(kind)) || (r.eventName === 'MODIFY' && modified.includes(kind));
}

async function invoke(
  fn: (e: DynamoDBStreamEvent, c: unknown) => Promise<void>,
  records: DynamoDBRecord[],
  opts: { functionName: string; grants?: readonly string[]; shardId?: string },
): Promise<void> {
  // The window's state is not played: no consumer here uses it.
  const event = { Records: records, ...(opts.shardId ? { shardId: opts.shardId } : {}) } as unknown as DynamoDBStreamEvent;
  for (let attempt = 1; attempt <= RETRIES; attempt++) {
    try {
      const call = () => fn(event, lambdaContext(opts.functionName));
      await (opts.grants ? runWithLocalGrants(opts.grants, call) : call());
      return;
    } catch (err) {
      console.error(`[${opts.functionName}] attempt ${attempt}:`, (err as Error).message);
    }
  }
}
