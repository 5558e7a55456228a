/** Rewrites the generated block of docs/architecture.md "The payment state machine" from the table itself. */
import { readFileSync, writeFileSync } from 'node:fs';
import { DOC_END, DOC_START, machineDocBlock } from '../../shared/domain/payment-machine/describe.js';

const path = new URL('../../docs/architecture.md', import.meta.url);
const doc = readFileSync(path, 'utf8');
const start = doc.indexOf(DOC_START);
const end = doc.indexOf(DOC_END);
if (start < 0 || end < 0) throw new Error('docs/architecture.md has no payment-machine block');
writeFileSync(path, doc.slice(0, start) + machineDocBlock() + doc.slice(end + DOC_END.length));
console.log('docs/architecture.md: payment machine block rewritten');
