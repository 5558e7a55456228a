/**
 * An item's size as DynamoDB bills it (docs: "Item sizes and formats"): attribute names and values in UTF-8,
 * numbers ~1 byte per two digits + 1, maps and lists 3 bytes + 1 per element. A write costs one unit per started KB.
 */
export function itemBytes(item: Record<string, unknown>): number {
  // Undefined values are not written (removeUndefinedValues).
  return Object.entries(item).reduce((n, [k, v]) => (v === undefined ? n : n + Buffer.byteLength(k) + valueBytes(v)), 0);
}

function valueBytes(v: unknown): number {
  if (v === undefined || v === null || typeof v === 'boolean') return 1;
  if (typeof v === 'string') return Buffer.byteLength(v);
  if (typeof v === 'number') return Math.ceil(String(Math.abs(v)).replace(/[.-]/g, '').replace(/^0+/, '').length / 2) + 1;
  if (Array.isArray(v)) return 3 + v.reduce((n: number, x) => n + 1 + valueBytes(x), 0);
  if (typeof v === 'object')
    return (
      3 +
      Object.entries(v as Record<string, unknown>).reduce(
        (n, [k, x]) => (x === undefined ? n : n + 1 + Buffer.byteLength(k) + valueBytes(x)),
        0,
      )
    );
  return 0;
}

/** Every item the writes put, by its pk#sk kind (PAYMENT, CALLBACK, REQUEST ...), with its size in bytes. */
export function putSizes(inputs: unknown[]): { item: string; bytes: number }[] {
  const out: { item: string; bytes: number }[] = [];
  const visit = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.Item && typeof o.Item === 'object') {
      const item = o.Item as Record<string, unknown>;
      out.push({ item: `${String(item.pk).split('#')[0]} ${String(item.sk).split('#')[0]}`, bytes: itemBytes(item) });
    }
    for (const v of Object.values(o)) if (typeof v === 'object') visit(v);
  };
  inputs.forEach(visit);
  return out;
}

/** The largest item the writes put, attribute by attribute (bytes, largest first; maps one level down): what to trim. */
export function largestPutBreakdown(inputs: unknown[]): string {
  let largest: Record<string, unknown> | undefined;
  const visit = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.Item && typeof o.Item === 'object' && (!largest || itemBytes(o.Item as Record<string, unknown>) > itemBytes(largest)))
      largest = o.Item as Record<string, unknown>;
    for (const v of Object.values(o)) if (typeof v === 'object') visit(v);
  };
  inputs.forEach(visit);
  if (!largest) return '';
  const parts = Object.entries(largest)
    .filter(([, v]) => v !== undefined)
    .flatMap(([k, v]) => {
      const own = Buffer.byteLength(k) + valueBytes(v);
      if (!v || typeof v !== 'object' || Array.isArray(v)) return [[k, own] as const];
      return [
        [k, own] as const,
        ...Object.entries(v as Record<string, unknown>).map(
          ([kk, vv]) => [`${k}.${kk}`, 1 + Buffer.byteLength(kk) + valueBytes(vv)] as const,
        ),
      ];
    });
  return parts
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}
