/**
 * What rule files share (routing rules, risk rules): the schema pieces their structure is read with (zod/mini), and
 * the reading itself: every problem in the structure named by its rule and field (`Rule 2 ("b"), MID 1: "weight" must
 * be …`), then, once the structure is right, the file's own checks (MIDs, weights, order) that the caller passes.
 */
import * as z from '../lib/zod-mini.js';

/** An object with these fields; one it does not know is named with the ones it does. */
export function fields<T extends Record<string, z.ZodMiniType>>(shape: T, what: string) {
  const known = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `unknown field${iss.keys.length > 1 ? 's' : ''} ${iss.keys.map((k) => `"${k}"`).join(', ')} (known: ${known}).`
        : `must be ${what}.`,
  });
}

/** Text, trimmed. */
export const text = (message = 'must be text.') => z.string(message).check(z.trim());

/** A condition's list: absent is "any"; an empty list could never match, so it is refused. */
export const list = <T extends z.ZodMiniType>(entry: T) =>
  z.optional(
    z
      .array(entry, 'must be a list of text values.')
      .check(z.minLength(1, 'is an empty list: the rule could never match (leave it out to match any).')),
  );

/** A code in capitals (any case accepted), of the given shape. */
export const code = (shape: RegExp, what: string) =>
  text().check(z.toUpperCase(), z.regex(shape, { error: (iss) => `${JSON.stringify(iss.input)} is not ${what}.` }));

/** One of `known` (any case). */
export const oneOf = <T extends string>(known: readonly [T, ...T[]], what: string) =>
  z.pipe(
    text().check(z.toLowerCase()),
    z.enum(known, { error: (iss) => `unknown ${what} ${JSON.stringify(iss.input)} (one of ${known.join(', ')}).` }),
  );

export const flag = () => z.optional(z.boolean('must be true or false.'));

const MINOR = 'must be a whole number of minor units, 0 or more (e.g. 1000 for 10.00).';
const minor = () => z.optional(z.int(MINOR).check(z.gte(0, MINOR)));

/** A condition's amount range, `minAmount` and `maxAmount` in minor units, each optional. */
export const amounts = () => ({ minAmount: minor(), maxAmount: minor() });

/** The range's check: one that can never match is refused. */
export const reachable = () =>
  z.refine<{ minAmount?: number; maxAmount?: number }>((c) => !(c.minAmount! > c.maxAmount!), {
    error: (iss) => {
      const c = iss.input as { minAmount: number; maxAmount: number };
      return `can never match: minAmount ${c.minAmount} is greater than maxAmount ${c.maxAmount}.`;
    },
  });

/**
 * Reads a rules file: its structure by `schema`, then `check`'s problems; `fail` is thrown with every problem of the
 * first of the two that found any.
 */
export function readRules<T>(schema: z.ZodMiniType<T>, input: unknown, check: (data: T) => string[], fail: (p: string[]) => Error): T {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw fail(['The file must hold a JSON object with a "rules" list.']);
  const read = schema.safeParse(input);
  const problems = read.success ? check(read.data) : read.error.issues.map((iss) => problem(iss, input));
  if (problems.length) throw fail(problems);
  return read.data!;
}

/** The rule and field an issue is at: `Rule 2 ("b"), MID 1: "weight"`, `health: "windowSeconds"`, `maxAttempts`. */
function problem(iss: z.core.$ZodIssue, input: unknown): string {
  const path = [...iss.path];
  const field = iss.code !== 'unrecognized_keys' && iss.code !== 'custom' && typeof path.at(-1) === 'string' ? path.pop() : undefined;
  const places: string[] = [];
  let at = input;
  path.forEach((key, i) => {
    at = (at as Record<PropertyKey, unknown> | undefined)?.[key];
    const before = path[i - 1];
    if (typeof key === 'number')
      places.push(before === 'rules' ? ruleLabel(at, key) : before === 'mids' ? `MID ${key + 1}` : `entry ${key + 1}`);
    else if ((key === 'rules' || key === 'mids') && typeof path[i + 1] === 'number') return;
    // A condition's field is the rule's; unknown fields are the match object's.
    else if (key !== 'match') places.push(i === 0 ? String(key) : `"${String(key)}"`);
    else if (iss.code === 'unrecognized_keys') places.push(key);
  });
  const subject = field === undefined ? '' : `${places.length ? `"${String(field)}"` : String(field)} `;
  return places.length ? `${places.join(', ')}: ${subject}${iss.message}` : `${subject || 'The file: '}${iss.message}`;
}

/** `Rule 3 ("name")`, or `Rule 3` for a rule without a name. */
export function ruleLabel(rule: unknown, i: number): string {
  const name = (rule as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name.trim() ? `Rule ${i + 1} ("${name.trim()}")` : `Rule ${i + 1}`;
}

/** The first rule without conditions, when a rule follows it: every rule after it is never reached. */
export function unreachable(rules: { match: object }[]): string[] {
  const i = rules.findIndex((r) => Object.keys(r.match).length === 0);
  return i >= 0 && i < rules.length - 1
    ? [`Rule ${i + 2} and later can never match: rule ${i + 1} has no conditions and matches every payment (put it last).`]
    : [];
}
