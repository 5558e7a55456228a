/**
 * The console's answers are typed once (shared/protocol/console/answers.ts: the operations build them, the console's
 * page reads them) and described once more for the API reference as closed JSON schemas
 * (scripts/openapi/console-answers.ts). This test reads the types with the TypeScript compiler and walks each
 * answer's schema beside its type: the same fields, the same required ones, the same kinds, nested objects, arrays
 * and $refs included. A field added, renamed or made optional on one side only fails here.
 */
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ANSWERS, CONSOLE_SCHEMAS } from '../../../scripts/openapi/console-answers.js';

type Schema = Record<string, unknown>;

/** Answers whose type is not in answers.ts yet, each with its reason; an entry that is typed fails the last test. */
const NOT_YET_TYPED: Record<string, string> = {};

const FILE = resolve(__dirname, '../../../shared/protocol/console/answers.ts');
const program = ts.createProgram([FILE], { strict: true, noEmit: true, types: [], skipLibCheck: true });
const checker = program.getTypeChecker();
const source = program.getSourceFile(FILE)!;
const answersDecl = source.statements.find(
  (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'ConsoleAnswers',
)!;
const answersType = checker.getTypeAtLocation(answersDecl);

function answerType(id: string): ts.Type | undefined {
  const prop = answersType.getProperty(id);
  return prop && checker.getTypeOfSymbolAtLocation(prop, answersDecl);
}

const withoutUndefined = (t: ts.Type): ts.Type[] => (t.isUnion() ? t.types : [t]).filter((m) => !(m.flags & ts.TypeFlags.Undefined));
const show = (t: ts.Type) => checker.typeToString(t);

function deref(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const target = CONSOLE_SCHEMAS[ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`unknown $ref ${ref}`);
  return target;
}

/** Every way `type` and `schema` disagree, each with its path. */
function compare(type: ts.Type, rawSchema: Schema, path: string): string[] {
  const schema = deref(rawSchema);
  const members = withoutUndefined(type);
  if (Array.isArray(schema.oneOf)) {
    const variants = schema.oneOf as Schema[];
    const problems = members.flatMap((m) =>
      variants.some((v) => compare(m, v, path).length === 0) ? [] : [`${path}: no oneOf variant of the schema matches ${show(m)}`],
    );
    if (members.length !== variants.length)
      problems.push(`${path}: the type has ${members.length} variants, the schema ${variants.length}`);
    return problems;
  }
  if (schema.type === 'array') {
    const t = members[0]!;
    if (members.length !== 1 || !checker.isArrayType(t)) return [`${path}: the schema is an array, the type ${show(type)}`];
    return compare(checker.getTypeArguments(t as ts.TypeReference)[0]!, schema.items as Schema, `${path}[]`);
  }
  if (schema.type === 'object' || schema.properties) {
    if (members.length !== 1 || !(members[0]!.flags & ts.TypeFlags.Object))
      return [`${path}: the schema is an object, the type ${show(type)}`];
    const t = members[0]!;
    const properties = schema.properties as Record<string, Schema> | undefined;
    // An open map (additionalProperties only): the type's values against it, when it says what they are.
    if (!properties) {
      const values = t.getStringIndexType();
      const each = schema.additionalProperties;
      return values && typeof each === 'object' && each ? compare(values, each as Schema, `${path}{}`) : [];
    }
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const problems: string[] = [];
    const typed = new Map(t.getProperties().map((p) => [p.name, p]));
    for (const name of Object.keys(properties)) if (!typed.has(name)) problems.push(`${path}.${name}: in the schema, not in the type`);
    for (const [name, symbol] of typed) {
      const at = `${path}.${name}`;
      if (!(name in properties)) {
        if (schema.additionalProperties !== true) problems.push(`${at}: in the type, not in the schema`);
        continue;
      }
      const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0;
      if (optional === required.has(name))
        problems.push(
          `${at}: ${optional ? 'optional in the type, required in the schema' : 'required in the type, optional in the schema'}`,
        );
      problems.push(...compare(checker.getTypeOfSymbolAtLocation(symbol, answersDecl), properties[name]!, at));
    }
    return problems;
  }
  return leaf(members, schema, path);
}

function leaf(members: ts.Type[], schema: Schema, path: string): string[] {
  const literals = members.filter((m) => m.isLiteral() || m.flags & ts.TypeFlags.BooleanLiteral);
  const valueOf = (m: ts.Type) => (m.isLiteral() ? m.value : checker.typeToString(m) === 'true');
  const listed = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (Array.isArray(listed) && literals.length === members.length) {
    const outside = literals.map(valueOf).filter((v) => !listed.includes(v));
    return outside.length ? [`${path}: the type allows ${outside.join(', ')}, the schema only ${listed.join(', ')}`] : [];
  }
  const kind = schema.type ?? (Array.isArray(listed) ? typeof listed[0] : undefined);
  const flag =
    kind === 'string'
      ? ts.TypeFlags.StringLike
      : kind === 'integer' || kind === 'number'
        ? ts.TypeFlags.NumberLike
        : kind === 'boolean'
          ? ts.TypeFlags.BooleanLike
          : undefined;
  if (flag === undefined) return [];
  return members.every((m) => m.flags & flag)
    ? []
    : [`${path}: the schema says ${String(kind)}, the type ${members.map(show).join(' | ')}`];
}

describe('console answers: one type, the same schema', () => {
  const typed = answersType.getProperties().map((p) => p.name);

  it.each(typed)('%s: the schema names the same fields as the type', (id) => {
    const answer = CONSOLE_ANSWERS[id];
    expect(answer, `${id} has a type but no schema in scripts/openapi/console-answers.ts`).toBeDefined();
    expect(compare(answerType(id)!, answer!.schema, id)).toEqual([]);
  });

  it('every documented console answer has its type in shared/protocol/console/answers.ts', () => {
    const untyped = Object.keys(CONSOLE_ANSWERS).filter((id) => !typed.includes(id) && !(id in NOT_YET_TYPED));
    expect(untyped).toEqual([]);
    expect(
      Object.keys(NOT_YET_TYPED).filter((id) => typed.includes(id)),
      'typed now: remove from NOT_YET_TYPED',
    ).toEqual([]);
  });

  it('the comparison catches a drift', () => {
    const payment = CONSOLE_SCHEMAS.ConsolePayment as { properties: Record<string, Schema>; required: string[] };
    const renamed = {
      ...payment,
      properties: { ...payment.properties, transactionId: payment.properties.transId! },
      required: payment.required.map((k) => (k === 'transId' ? 'transactionId' : k)),
    };
    delete (renamed.properties as Record<string, unknown>).transId;
    const problems = compare(
      answerType('ConsolePayment')!,
      {
        type: 'object',
        required: ['payment', 'timeline'],
        additionalProperties: false,
        properties: { payment: renamed, timeline: { type: 'array', items: { type: 'object' } } },
      },
      'ConsolePayment',
    );
    expect(problems).toEqual([
      'ConsolePayment.payment.transactionId: in the schema, not in the type',
      'ConsolePayment.payment.transId: in the type, not in the schema',
    ]);
  });
});
