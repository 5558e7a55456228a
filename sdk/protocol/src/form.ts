/**
 * application/x-www-form-urlencoded bodies with PHP bracket notation (`parameters[cart][items][0][name]`).
 * Parsing is defensive: it never throws, caps nesting and key count, and ignores prototype-polluting keys.
 * The platform reads requests and the SDKs read callbacks with the same parser, so both see the same fields.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { isPrototypeKey } from './safe-keys.js';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Bracket segments allowed after the base name (PHP drops deeper variables entirely). */
export const MAX_DEPTH = 5;
/** Like PHP's max_input_vars: pairs after this many are ignored. */
export const MAX_KEYS = 1000;

/** Working tree: null-prototype nodes so no key can reach Object.prototype. */
type Node = { [key: string]: Node | string };

export function parseForm(body: string): FormObject {
  const root: Node = Object.create(null);
  let pairs = 0;
  for (const piece of body.split('&')) {
    if (piece === '') continue;
    if (++pairs > MAX_KEYS) break;
    const eq = piece.indexOf('=');
    const rawKey = eq === -1 ? piece : piece.slice(0, eq);
    const rawValue = eq === -1 ? '' : piece.slice(eq + 1);
    const path = splitKey(decodeComponent(rawKey));
    if (!path || path.some(isPrototypeKey)) continue;
    assign(root, path, decodeComponent(rawValue));
  }
  return finish(root) as FormObject;
}

/** `a[b][]` → ["a", "b", ""]; undefined when unusable (empty name, too deep). */
function splitKey(key: string): string[] | undefined {
  const open = key.indexOf('[');
  // No bracket, or no closing bracket at all: a flat name.
  if (open === -1 || key.indexOf(']', open) === -1) return key === '' ? undefined : [key];
  const base = key.slice(0, open);
  if (base === '') return undefined;
  const path = [base];
  let i = open;
  while (i < key.length && key[i] === '[') {
    const close = key.indexOf(']', i);
    if (close === -1) break; // PHP ignores an unterminated trailing segment
    path.push(key.slice(i + 1, close));
    if (path.length - 1 > MAX_DEPTH) return undefined;
    i = close + 1; // text after "]" that is not "[" is ignored, as in PHP
  }
  return path;
}

function assign(root: Node, path: string[], value: string): void {
  let node = root;
  for (let i = 0; i < path.length; i++) {
    let key = path[i]!;
    if (key === '' && i > 0) key = String(nextIndex(node)); // "a[]" appends
    if (i === path.length - 1) {
      node[key] = value; // last wins, replacing any earlier nested value
      return;
    }
    const child = node[key];
    if (typeof child === 'object') {
      node = child;
    } else {
      const created: Node = Object.create(null);
      node[key] = created;
      node = created;
    }
  }
}

function nextIndex(node: Node): number {
  let next = 0;
  for (const key of Object.keys(node)) {
    if (/^(0|[1-9][0-9]*)$/.test(key)) next = Math.max(next, Number(key) + 1);
  }
  return next;
}

/** Turns nodes keyed exactly 0..n-1 into arrays; other nodes stay null-prototype objects. */
function finish(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((k) => /^(0|[1-9][0-9]*)$/.test(k) && Number(k) < keys.length)) {
    const list: FormValue[] = [];
    for (let i = 0; i < keys.length; i++) list.push(finish(node[String(i)]!));
    return list;
  }
  const out: { [key: string]: FormValue } = Object.create(null);
  for (const key of keys) out[key] = finish(node[key]!);
  return out;
}

/** '+' is space; malformed percent-escapes are kept as raw text instead of throwing. */
function decodeComponent(raw: string): string {
  const text = raw.replace(/\+/g, ' ');
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** What encodeForm takes: numbers and booleans go as their String() text; undefined and null are left out. */
export type FormInput = string | number | boolean | null | undefined | FormInput[] | { [key: string]: FormInput };

/**
 * Encodes like PHP http_build_query (protocol.md §7): `k=v&…`, nested as `custom_data[key]=value` (brackets
 * percent-encoded), spaces as '+', undefined / null values omitted, and empty strings too unless keepEmpty.
 */
export function encodeForm(obj: { [key: string]: FormInput }, opts: { keepEmpty?: boolean } = {}): string {
  const pairs: string[] = [];
  const walk = (name: string, value: FormInput): void => {
    if (value === undefined || value === null || (value === '' && !opts.keepEmpty)) return;
    if (typeof value !== 'object') {
      pairs.push(`${urlencode(name)}=${urlencode(String(value))}`);
      return;
    }
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries) walk(`${name}[${key}]`, child);
  };
  for (const [key, value] of Object.entries(obj)) walk(key, value);
  return pairs.join('&');
}

/** PHP urlencode over UTF-8 bytes: only A-Z a-z 0-9 - _ . stay literal; lone surrogates become U+FFFD. */
function urlencode(text: string): string {
  let out = '';
  for (const byte of utf8ToBytes(text)) {
    if (
      (byte >= 0x30 && byte <= 0x39) ||
      (byte >= 0x41 && byte <= 0x5a) ||
      (byte >= 0x61 && byte <= 0x7a) ||
      byte === 0x2d ||
      byte === 0x5f ||
      byte === 0x2e
    ) {
      out += String.fromCharCode(byte);
    } else if (byte === 0x20) {
      out += '+';
    } else {
      out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

/** The value under `key` when it is a string (not a nested group). */
export function getString(obj: FormObject, key: string): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(obj, key)) return undefined;
  const value = obj[key];
  return typeof value === 'string' ? value : undefined;
}
