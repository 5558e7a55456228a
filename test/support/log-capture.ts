/**
 * Runs in every test worker: keeps a copy of everything the worker writes to stdout and stderr (the platform's log
 * lines among it) in the run's scan folder, so the global teardown can look for card data in every log line the
 * suite produced (test/support/card-data-scan.ts).
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { inject } from 'vitest';

const dir = inject('cardScanDir');
// Setup files run again for every test file, and a lane whose files share a worker (isolate: false) would wrap the
// streams once per file: the first file of a worker installs the copy.
const KEY = Symbol.for('open-payments.log-capture');
const worker = globalThis as { [KEY]?: true };
if (dir && !worker[KEY]) {
  worker[KEY] = true;
  const copy = createWriteStream(join(dir, `worker-${process.pid}.log`), { flags: 'a' });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      copy.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array));
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
  // Vitest routes console output around process.stdout: copy it too.
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      copy.write(`${format(...args)}\n`);
      original(...args);
    };
  }
}
