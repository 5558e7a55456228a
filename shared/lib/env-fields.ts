/**
 * The environment's fields as shared/lib/config.ts reads them: each field a function from the raw variable to its value,
 * which throws FieldError with the message classic zod gave for the same rule (config.ts ran on zod before; zod/mini
 * put ~27 KiB into every Lambda bundle for these few rules). Helpers mirror the zod calls they replace.
 */
export class FieldError extends Error {}

export type Field<T> = (raw: string | undefined) => T;

const fail = (message: string): never => {
  throw new FieldError(message);
};

function present(raw: string | undefined): string {
  return raw === undefined ? fail('Invalid input: expected string, received undefined') : raw;
}

/** z.string().check(z.minLength(1)) */
export const text = (): Field<string> => (raw) => {
  const v = present(raw);
  return v.length < 1 ? fail('Too small: expected string to have >=1 characters') : v;
};

/** z.coerce.number() with z.int() when `integer`, z.gte(min) and z.lte(max). */
function number(integer: boolean, min: number, max?: number): Field<number> {
  return (raw) => {
    const n = Number(raw);
    if (Number.isNaN(n)) fail('Invalid input: expected number, received NaN');
    if (!Number.isFinite(n)) fail('Invalid input: expected number, received Infinity');
    if (integer && !Number.isSafeInteger(n)) fail('Invalid input: expected int, received number');
    if (n < min) fail(`Too small: expected number to be >=${min}`);
    if (max !== undefined && n > max) fail(`Too big: expected number to be <=${max}`);
    return n;
  };
}

export const int = (min: number, max?: number): Field<number> => number(true, min, max);
export const num = (min: number, max: number): Field<number> => number(false, min, max);

/** z.enum(values) */
export const oneOf =
  <const T extends string>(values: readonly T[]): Field<T> =>
  (raw) => {
    const v = raw ?? '';
    return raw !== undefined && (values as readonly string[]).includes(v)
      ? (v as T)
      : fail(`Invalid option: expected one of ${values.map((x) => JSON.stringify(x)).join('|')}`);
  };

/** z.url(): parseable once trimmed; the value is the trimmed text without tabs and line breaks. */
export const url = (): Field<string> => (raw) => {
  const trimmed = present(raw).trim();
  return URL.canParse(trimmed) ? trimmed.replace(/[\t\n\r]/g, '') : fail('Invalid URL');
};

// zod's email pattern (z.email()).
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** z.email() */
export const email = (): Field<string> => (raw) => {
  const v = present(raw);
  return EMAIL.test(v) ? v : fail('Invalid email address');
};

/** z.string().check(z.regex(pattern)) */
export const matching =
  (pattern: RegExp): Field<string> =>
  (raw) => {
    const v = present(raw);
    return pattern.test(v) ? v : fail(`Invalid string: must match pattern ${pattern}`);
  };

/** z.optional(field): unset stays unset. */
export const optional =
  <T>(field: Field<T>): Field<T | undefined> =>
  (raw) =>
    raw === undefined ? undefined : field(raw);

/** z._default(field, value): unset gives `value` as it is (zod does not parse a default). */
export const withDefault =
  <T>(field: Field<T>, value: T): Field<T> =>
  (raw) =>
    raw === undefined ? value : field(raw);

/** z.pipe(field, z.transform(to)). Not named `then`: a module exporting `then` is a thenable, and awaiting its import hangs. */
export const piped =
  <T, U>(field: Field<T>, to: (v: T) => U): Field<U> =>
  (raw) =>
    to(field(raw));

export type Fields = Record<string, Field<unknown>>;

type Simplify<T> = { [K in keyof T]: T[K] };

/** What reading `F` gives: a field that may be unset is optional. */
export type Read<F extends Fields> = Simplify<
  { [K in keyof F as undefined extends ReturnType<F[K]> ? never : K]: ReturnType<F[K]> } & {
    [K in keyof F as undefined extends ReturnType<F[K]> ? K : never]?: Exclude<ReturnType<F[K]>, undefined>;
  }
>;

/** Reads every field of `fields` from `env`; the problems of all fields at once, as zod listed its issues. */
export function readFields<F extends Fields>(
  fields: F,
  env: Record<string, string | undefined>,
): { ok: true; value: Read<F> } | { ok: false; problems: string } {
  const value: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    try {
      const v = field(env[name]);
      if (v !== undefined) value[name] = v;
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
      problems.push(`${name}: ${err.message}`);
    }
  }
  return problems.length ? { ok: false, problems: problems.join('; ') } : { ok: true, value: value as Read<F> };
}
