/**
 * The field readers that rule files share (routing rules, risk rules): each names every problem it finds, with the
 * rule and field it is at, and reads what it can so the caller goes on and names the others too.
 */

/** A condition's list: absent is "any"; an empty list could never match, so it is refused. */
export function stringList(v: unknown, at: string, problems: string[], norm: (s: string) => string): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
    problems.push(`${at} must be a list of text values.`);
    return undefined;
  }
  if (v.length === 0) {
    problems.push(`${at} is an empty list: the rule could never match (leave it out to match any).`);
    return undefined;
  }
  return v.map((x: string) => norm(x.trim()));
}

/** A condition's list of names from `known` (any case), each unknown one named in the problem as an unknown `what`. */
export function knownList<T extends string>(
  input: Record<string, unknown>,
  key: string,
  what: string,
  at: string,
  problems: string[],
  known: readonly T[],
): T[] | undefined {
  const names = stringList(input[key], `${at}: "${key}"`, problems, (x) => x.toLowerCase());
  if (!names) return undefined;
  const unknown = names.filter((x) => !(known as readonly string[]).includes(x));
  if (unknown.length) problems.push(`${at}: unknown ${what} ${unknown.map((x) => `"${x}"`).join(', ')} (one of ${known.join(', ')}).`);
  return names as T[];
}

/** A condition's `integrations`. */
export function integrationList<T extends string>(input: Record<string, unknown>, at: string, problems: string[], known: readonly T[]) {
  return knownList(input, 'integrations', 'integration', at, problems, known);
}

export function checkKeys(o: Record<string, unknown>, allowed: string[], at: string, problems: string[]): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) problems.push(`${at}: unknown field "${k}" (known: ${allowed.join(', ')}).`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an untrusted JSON object whose fields the callers check one by one
export function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A condition's amount range, `minAmount` and `maxAmount` in minor units, each optional; one that can never match is refused. */
export function amountRange(input: Record<string, unknown>, at: string, problems: string[]): { minAmount?: number; maxAmount?: number } {
  const c: { minAmount?: number; maxAmount?: number } = {};
  for (const key of ['minAmount', 'maxAmount'] as const) {
    const v = input[key];
    if (v === undefined) continue;
    if (!Number.isSafeInteger(v) || (v as number) < 0)
      problems.push(`${at}: "${key}" must be a whole number of minor units, 0 or more (e.g. 1000 for 10.00).`);
    else c[key] = v as number;
  }
  if (c.minAmount !== undefined && c.maxAmount !== undefined && c.minAmount > c.maxAmount) {
    problems.push(`${at}: can never match: minAmount ${c.minAmount} is greater than maxAmount ${c.maxAmount}.`);
  }
  return c;
}
