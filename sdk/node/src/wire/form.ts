/**
 * application/x-www-form-urlencoded with PHP bracket notation, as the S2S endpoints read it and as callbacks arrive:
 * `parameters[cart][items][0][name]=…`, `custom_data[key]=…`.
 */
export type FormValue = string | number | boolean | FormValue[] | { [key: string]: FormValue | undefined };
export type FormFields = Record<string, FormValue | undefined>;

/** http_build_query: nested values in brackets, undefined and empty values left out, spaces as '+'. */
export function encodeForm(fields: FormFields): string {
  const pairs: string[] = [];
  const walk = (name: string, value: FormValue | undefined): void => {
    if (value === undefined || value === '') return;
    if (typeof value !== 'object') {
      pairs.push(`${urlencode(name)}=${urlencode(String(value))}`);
      return;
    }
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries) walk(`${name}[${key}]`, child);
  };
  for (const [key, value] of Object.entries(fields)) walk(key, value);
  return pairs.join('&');
}

/** PHP urlencode: only A-Z a-z 0-9 - _ . stay literal. */
function urlencode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
}

export type ParsedForm = { [key: string]: ParsedValue };
export type ParsedValue = string | ParsedValue[] | ParsedForm;

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** Parses a callback body into nested values (brackets become objects, 0..n-1 keys become arrays). */
export function parseForm(body: string): ParsedForm {
  const root: Record<string, unknown> = Object.create(null);
  for (const piece of body.split('&')) {
    if (!piece) continue;
    const eq = piece.indexOf('=');
    const key = decode(eq < 0 ? piece : piece.slice(0, eq));
    const value = decode(eq < 0 ? '' : piece.slice(eq + 1));
    const path = splitKey(key);
    if (!path || path.some((s) => FORBIDDEN.has(s))) continue;
    let node = root;
    path.forEach((segment, i) => {
      const k = segment === '' && i > 0 ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[k] = value;
      else {
        if (typeof node[k] !== 'object' || node[k] === null) node[k] = Object.create(null);
        node = node[k] as Record<string, unknown>;
      }
    });
  }
  return finish(root) as ParsedForm;
}

function splitKey(key: string): string[] | undefined {
  const open = key.indexOf('[');
  if (open <= 0 || key.indexOf(']', open) < 0) return key ? [key] : undefined;
  const path = [key.slice(0, open)];
  for (const m of key.slice(open).matchAll(/\[([^\]]*)\]/g)) path.push(m[1]!);
  return path;
}

function finish(node: unknown): ParsedValue {
  if (typeof node === 'string') return node;
  const obj = node as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (keys.length && keys.every((k, i) => k === String(i))) return keys.map((k) => finish(obj[k]));
  const out: ParsedForm = {};
  for (const k of keys) out[k] = finish(obj[k]);
  return out;
}

function decode(raw: string): string {
  const text = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
