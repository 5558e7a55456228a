/**
 * lib-dynamodb's output conversion (its `unmarshallOutput`, not exported by the package), for calls the JSON
 * transport finishes before lib-dynamodb's own deserialize-step middleware would run. The same walk as
 * lib-dynamodb 3.1162's commands/utils.js: a command's `outputKeyNodes` name where attribute maps are
 * (`{}` every value of a map, `[]` every member of a list, `{ '*': … }` every key one level down, `null` the node
 * itself); everything else is copied as it is. test/integration/foundation/json-transport.test.ts compares the two.
 */
import { unmarshall, type unmarshallOptions } from '@aws-sdk/util-dynamodb';

type KeyNodes = { [key: string]: KeyNodes } | KeyNodes[] | null;
type Convert = (value: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any

export function unmarshallOutput<T extends Record<string, unknown>>(output: T, keyNodes: KeyNodes, options: unmarshallOptions): T {
  return inObject(output, (v) => unmarshall(v, options), keyNodes as Record<string, KeyNodes>) as T;
}

function walk(value: unknown, convert: Convert, nodes: KeyNodes | undefined): unknown {
  if (value === undefined) return undefined;
  if (nodes == null) return convert(value);
  const keys = Object.keys(nodes);
  if (keys.length === 1 && keys[0] === '*') {
    const out: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
    for (const [k, v] of Object.entries(value as object)) if (typeof v !== 'function') (out as Record<string, unknown>)[k] = walk(v, convert, (nodes as Record<string, KeyNodes>)['*']);
    return out;
  }
  if (keys.length === 0) return everyKey(value, convert);
  return inObject(value, convert, nodes as Record<string, KeyNodes>);
}

function inObject(value: unknown, convert: Convert, nodes: Record<string, KeyNodes>): unknown {
  let out: Record<string, unknown> | unknown[];
  if (Array.isArray(value)) out = value.filter((v) => typeof v !== 'function');
  else {
    out = {};
    for (const [k, v] of Object.entries(value as object)) if (typeof v !== 'function') out[k] = v;
  }
  for (const [key, child] of Object.entries(nodes)) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'function') continue;
    const converted = walk(v, convert, child);
    if (converted !== undefined && typeof converted !== 'function') (out as Record<string, unknown>)[key] = converted;
  }
  return out;
}

function everyKey(value: unknown, convert: Convert): unknown {
  if (Array.isArray(value)) return value.filter((v) => typeof v !== 'function').map((v) => walk(v, convert, null));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as object)) {
    if (typeof v === 'function') continue;
    const converted = walk(v, convert, null);
    if (converted !== undefined && typeof converted !== 'function') out[k] = converted;
  }
  return out;
}
