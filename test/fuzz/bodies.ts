/**
 * From a request's fields to the bytes on the wire, with the structural mutations of issue 8: fields replaced by wrong
 * types or hostile text, dropped, added, duplicated; bodies truncated, empty, invalid, in the wrong content type.
 * Field mutations come before signing (so a signed case still passes the hash check); wire mutations after it.
 */
import fc from 'fast-check';
import { encodeForm, type FormValue } from '../../shared/protocol/form.js';
import type { FuzzRequest } from './request.js';
import { junkFormValue, junkJson, junkKey, junkString, manyKeys } from './values.js';

export type Fields = Record<string, unknown>;
type Path = string[];

/** Leaf paths of a template, two levels deep (Checkout's order.number, customer.email, …). */
function leafPaths(obj: Fields, prefix: Path = []): Path[] {
  const out: Path[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && prefix.length < 1) out.push(...leafPaths(v as Fields, [...prefix, k]));
    out.push([...prefix, k]);
  }
  return out;
}

function clone(obj: Fields): Fields {
  return structuredClone(obj);
}

function setPath(obj: Fields, path: Path, value: unknown): void {
  let node: Record<string, unknown> = obj;
  for (const k of path.slice(0, -1)) {
    if (!node[k] || typeof node[k] !== 'object') node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  Object.defineProperty(node, path[path.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
}

function dropPath(obj: Fields, path: Path): void {
  let node: Record<string, unknown> = obj;
  for (const k of path.slice(0, -1)) {
    if (!node[k] || typeof node[k] !== 'object') return;
    node = node[k] as Record<string, unknown>;
  }
  delete node[path[path.length - 1]!];
}

/** The body itself and every object in it (custom_data, parameters, customer ...): where a prototype key is put. */
function objectPaths(obj: Fields, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) out.push(...objectPaths(v as Fields, [...prefix, k]));
  }
  return out;
}

/** Own keys that reach a prototype once a parser or a marshaller assigns them (setPath defines them as own keys). */
const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype');
const prototypeValue = fc.constantFrom<unknown>({ polluted: 'x' }, { prototype: { polluted: 'x' } }, 'x', [], {});

/** `arb` once in `oneIn` cases, otherwise null. */
function rarely<T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
}

/**
 * The template with a few fields replaced by `values`, some dropped, some unknown ones added, sometimes thousands of
 * keys. With no mutation chosen it is the template itself (a valid request, so the happy path is fuzzed too).
 */
export function mutatedFields(template: Fields, values: fc.Arbitrary<unknown>): fc.Arbitrary<Fields> {
  const paths = leafPaths(template);
  if (!paths.length) paths.push(['x']); // an empty template still gets fields added
  return fc
    .record({
      replace: fc.array(fc.tuple(fc.constantFrom(...paths), values), { maxLength: 3 }),
      drop: rarely(fc.subarray(paths, { minLength: 1, maxLength: Math.min(2, paths.length) }), 6),
      extra: rarely(fc.dictionary(junkKey, values, { minKeys: 1, maxKeys: 2 }), 6),
      many: rarely(manyKeys, 25),
      poison: rarely(fc.tuple(fc.constantFrom(...objectPaths(template)), prototypeKey, prototypeValue), 4),
    })
    .map(({ replace, drop, extra, many, poison }) => {
      const out = clone(template);
      for (const [path, value] of replace) setPath(out, path, value);
      for (const path of drop ?? []) dropPath(out, path);
      for (const [k, v] of Object.entries(extra ?? {})) setPath(out, [k], v);
      if (poison) setPath(out, [...poison[0], poison[1]], poison[2]);
      return many ? { ...many, ...out } : out;
    });
}

/** Every field given a hostile value (a merchant sending nonsense, correctly signed). */
export function randomFields(template: Fields, values: fc.Arbitrary<unknown>): fc.Arbitrary<Fields> {
  const paths = leafPaths(template).filter((p) => typeof p.reduce<unknown>((n, k) => (n as Fields)?.[k], template) !== 'object');
  if (!paths.length) return mutatedFields(template, values);
  return fc.tuple(...paths.map(() => fc.option(values, { freq: 2 }))).map((picked) => {
    const out = clone(template);
    picked.forEach((v, i) => {
      if (v !== null) setPath(out, paths[i]!, v);
    });
    return out;
  });
}

export const formValues: fc.Arbitrary<unknown> = junkFormValue;
export const jsonValues: fc.Arbitrary<unknown> = junkJson;

/**
 * Bodies stay far below the 6 MB API Gateway / Lambda payload limit (which the gateway enforces before any handler);
 * size caps below that are being tested where they are made (request size limits).
 */
const MAX_BODY_CHARS = 1_500_000;

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const otherTypes = fc.constantFrom(
  'text/plain',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  'application/xml',
  `${FORM}; charset=ISO-8859-1`,
  `${JSON_TYPE}; charset=utf-16`,
  'garbage',
  '',
);

/** Raw-text mutations after encoding: the body no longer matches any encoder's output. */
function wireMutation(kind: 'form' | 'json') {
  const dup =
    kind === 'form'
      ? fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), junkString).map(
          ([k, v]) =>
            (body: string) =>
              `${body}&${encodeURIComponent(k)}=${encodeURIComponent(v)}&${body}`,
        )
      : fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), junkJson).map(
          ([k, v]) =>
            (body: string) =>
              body.replace(/^\s*\{/, `{${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'},`),
        );
  return fc.oneof(
    { weight: 3, arbitrary: dup },
    { weight: 2, arbitrary: fc.nat().map((n) => (body: string) => body.slice(0, body.length ? n % body.length : 0)) }, // truncated
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.nat(), fc.constantFrom('%', '%Z', '%ZZ', '%E0%A4%A', '%C0%AF', '&=', '=', '[', '\u0000', '\uFEFF', '"', '}', ']', '\\u'))
        .map(([n, ins]) => (body: string) => {
          const at = body.length ? n % body.length : 0;
          return body.slice(0, at) + ins + body.slice(at);
        }),
    },
    { weight: 1, arbitrary: fc.constant((body: string) => `\uFEFF${body}`) },
    { weight: 1, arbitrary: fc.constant((body: string) => `${body}${body}`) },
  );
}

/** Bodies that ignore the template entirely. */
const junkBody = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  junkJson.map((v) => JSON.stringify(v) ?? 'undefined'),
  fc.constantFrom('{', '[', '{"a":', 'null', '0', '""', '[]', '{}', 'a=1&a=2&a[]=3&a[b]=4', '%%%%', '=&=&='),
  manyKeys.map((o) => encodeForm(o)),
  fc.integer({ min: 50, max: 3000 }).map((d) => `${'a['.repeat(d)}x${']'.repeat(d)}=1`),
  fc.integer({ min: 50, max: 20000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  fc.integer({ min: 50, max: 20000 }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`),
);

export interface BodyRequestOptions {
  method: 'POST' | 'PUT';
  path: string | fc.Arbitrary<string>;
  kind: 'form' | 'json';
  /** Fields already signed or mutated: they are encoded, and sometimes broken on the wire. */
  fields: fc.Arbitrary<Fields>;
  headers?: fc.Arbitrary<Record<string, string>>;
}

function encode(kind: 'form' | 'json', fields: Fields): string {
  if (kind === 'json') return JSON.stringify(fields);
  return encodeForm(fields as Record<string, FormValue>, { keepEmpty: true });
}

/** A request carrying `fields`, mostly well-formed; now and then broken on the wire, retyped, or replaced by junk. */
export function bodyRequest(o: BodyRequestOptions): fc.Arbitrary<FuzzRequest> {
  const path = typeof o.path === 'string' ? fc.constant(o.path) : o.path;
  const headers = o.headers ?? fc.constant({});
  const rightType = o.kind === 'form' ? FORM : JSON_TYPE;
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant(rightType) },
    { weight: 1, arbitrary: fc.constant(o.kind === 'form' ? JSON_TYPE : FORM) },
    { weight: 1, arbitrary: otherTypes },
  );
  const body = fc.oneof(
    { weight: 7, arbitrary: o.fields.map((f) => encode(o.kind, f)) },
    { weight: 2, arbitrary: fc.tuple(o.fields, wireMutation(o.kind)).map(([f, mutate]) => mutate(encode(o.kind, f))) },
    { weight: 1, arbitrary: junkBody },
  );
  return fc.record({ path, headers, contentType, body }).map(({ path: p, headers: h, contentType: t, body: b }) => ({
    method: o.method,
    path: p,
    headers: { ...(t === '' ? {} : { 'content-type': t }), ...h },
    body: b.slice(0, MAX_BODY_CHARS),
  }));
}
