// Runs docs/snippets/node over the calls on stdin (JSON [{fn, args}]) and prints their results as JSON.
import { readFileSync } from 'node:fs';
import * as hashes from '../../../docs/snippets/node/hashes.mjs';
import { parseCallback, verifyCallbackHash, verifyCallbackSignature } from '../../../docs/snippets/node/verify-callback.mjs';

const camel = (name) => name.replace(/_([a-z0-9])/g, (_m, c) => c.toUpperCase());
const out = [];
for (const { fn, args: a } of JSON.parse(readFileSync(0, 'utf8'))) {
  if (fn === 'callback') {
    // [rawBody, header, secrets, now, password, payerEmail, algo]
    const raw = Buffer.from(a[0], 'utf8');
    const fields = parseCallback(raw);
    out.push([verifyCallbackSignature(a[1], raw, a[2], a[3]), verifyCallbackHash(fields, a[4], a[5], a[6])]);
  } else {
    out.push(hashes[camel(fn)](...a));
  }
}
process.stdout.write(JSON.stringify(out));
