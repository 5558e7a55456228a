/**
 * Keys that could reach an object's prototype. One rule for every encoding a request can use (form, multipart, JSON):
 * such a key is ignored, with whatever it holds, so no parsed body can change an object's prototype and nothing
 * downstream (the DynamoDB marshaller, a callback's form encoding) meets a key that means something else there.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isPrototypeKey(key: string): boolean {
  return PROTOTYPE_KEYS.has(key);
}

/**
 * JSON.parse, minus every prototype key at any depth. Throws SyntaxError like JSON.parse. JSON.parse itself makes
 * `__proto__` an own data property (no pollution yet); the reviver deletes it before any code copies the object.
 */
export function parseJson(text: string): unknown {
  return JSON.parse(text, (key: string, value: unknown) => (isPrototypeKey(key) ? undefined : value));
}
