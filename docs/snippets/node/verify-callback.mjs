// Verify a callback before you act on it: the X-Callback-Signature header (an HMAC of the whole raw body) and the
// protocol `hash` field. The hash alone does not cover the outcome: check both.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { checkoutHash, formula2, formula6 } from './hashes.mjs';

const same = (a, b) => Buffer.byteLength(a) === Buffer.byteLength(b) && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * header: X-Callback-Signature ("t=<unix>,v1=<hex>[,v1=<hex>]"); rawBody: the body exactly as received (a Buffer);
 * secrets: your signing secrets, current first (two during a rotation).
 */
export function verifyCallbackSignature(header, rawBody, secrets, now = Date.now() / 1000, tolerance = 300) {
  let t;
  const received = [];
  for (const part of header.split(',')) {
    const [key, value] = [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()];
    if (key === 't' && /^\d+$/.test(value)) t = Number(value);
    if (key === 'v1') received.push(value.toLowerCase());
  }
  // A timestamp more than 5 minutes off is a replayed request.
  if (t === undefined || Math.abs(now - t) > tolerance) return false;
  let ok = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
    for (const v1 of received) ok = same(expected, v1) || ok;
  }
  return ok;
}

/** The form body, nested fields (custom_data[key]=value) as objects, like PHP's $_POST. */
export function parseCallback(rawBody) {
  const fields = {};
  for (const [name, value] of new URLSearchParams(rawBody.toString('utf8'))) {
    const m = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(name);
    const keys = m ? [...m[2].matchAll(/\[([^\]]*)\]/g)].map((k) => k[1]) : [];
    let node = fields;
    let key = m ? m[1] : name;
    for (const k of keys) {
      if (typeof node[key] !== 'object') node[key] = {};
      node = node[key];
      key = k === '' ? String(Object.keys(node).length) : k;
    }
    node[key] = value;
  }
  return fields;
}

/** PHP ksort: numeric keys compare as numbers, the others byte by byte. */
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const ksort = (a, b) => (NUMERIC.test(a) && NUMERIC.test(b) ? Number(a) - Number(b) : Buffer.compare(Buffer.from(a), Buffer.from(b)));
const reversedValues = (node) =>
  Object.keys(node)
    .sort(ksort)
    .map((k) => (typeof node[k] === 'object' ? reversedValues(node[k]) : Buffer.from(node[k], 'utf8').reverse()))
    .reduce((out, b) => Buffer.concat([out, b]), Buffer.alloc(0));
const upper = (b) => b.map((c) => (c >= 0x61 && c <= 0x7a ? c - 0x20 : c));

/**
 * The hash the callback must carry. payerEmail: for S2S CARD callbacks, the payer_email you sent with the payment
 * (Formula 2 covers it).
 */
export function expectedCallbackHash(fields, password, payerEmail = '', algo = 'md5') {
  const f = (k) => (typeof fields[k] === 'string' ? fields[k] : '');
  if ('id' in fields && 'order_number' in fields) {
    // Checkout and hosted fields
    return checkoutHash([f('id'), f('order_number'), f('order_amount'), f('order_currency'), f('order_description')], password, algo);
  }
  if ('card' in fields) {
    // S2S CARD: the masked card still has its first 6 and last 4 digits
    return f('action') === 'CREDIT2CARD' ? formula6(password, f('trans_id'), f('card'), algo) : formula2(payerEmail, password, f('trans_id'), f('card'), algo);
  }
  if (['CREDIT2VIRTUAL', 'CREDIT2CRYPTO'].includes(f('action'))) {
    // S2S APM payouts
    const signed = upper(Buffer.from(f('trans_id') + f('order_id') + f('status'), 'utf8').reverse());
    return createHash(algo).update(Buffer.concat([signed, Buffer.from(password, 'utf8')])).digest('hex');
  }
  // Every other S2S APM callback: all fields but hash, each value reversed, keys sorted at every level.
  const { hash: _ignored, ...rest } = fields;
  return createHash(algo).update(upper(Buffer.concat([reversedValues(rest), Buffer.from(password, 'utf8')]))).digest('hex');
}

export function verifyCallbackHash(fields, password, payerEmail = '', algo = 'md5') {
  const received = typeof fields.hash === 'string' ? fields.hash.toLowerCase() : '';
  return same(expectedCallbackHash(fields, password, payerEmail, algo), received);
}
