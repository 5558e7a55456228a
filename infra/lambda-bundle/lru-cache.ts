/**
 * Lambda bundles use this module in place of mnemonist/lru-cache (LAMBDA_BUNDLING's alias): DynamoDB's endpoint
 * discovery keeps its endpoints in it (@aws-sdk/endpoint-cache), and the platform never turns discovery on. The
 * package brings typed arrays and iterator helpers (~7 KiB); a Map in insertion order is the same cache for the few
 * calls endpoint-cache makes (get, peek, set, has, clear).
 */
export default class LRUCache<K, V> {
  private readonly items = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.items.size;
  }

  /** Reading makes the entry the most recently used. */
  get(key: K): V | undefined {
    if (!this.items.has(key)) return undefined;
    const value = this.items.get(key) as V;
    this.items.delete(key);
    this.items.set(key, value);
    return value;
  }

  peek(key: K): V | undefined {
    return this.items.get(key);
  }

  has(key: K): boolean {
    return this.items.has(key);
  }

  set(key: K, value: V): this {
    this.items.delete(key);
    this.items.set(key, value);
    // Over capacity: the least recently used (first in the Map's order) goes.
    if (this.items.size > this.capacity) this.items.delete(this.items.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.items.clear();
  }
}
