/**
 * A handler file says what invokes it and what it composes, and cannot drift from shared/entry/routes:
 * - an API route's handler passes its route key ("POST /post"; "GET|POST /threeds/{transId}" for a file serving both
 *   methods; a `{name}` segment stands for any one segment) as its endpoint's first argument, its doc comment starts
 *   with it, and the routes that key covers are exactly the RouteDefinitions whose `handler` is that file;
 * - an event consumer's doc comment starts with its event source as its definition gives it ("SQS callbacks",
 *   "Every 1 min", "Table stream: callback INSERT", "Ops event ApmDeadlineDue");
 * - the ports a feature's handlers compose are declared once, in the feature's functions/<feature>/ports.ts: a
 *   handler composes a table it imports from there (composition(NAME)), never a table of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';
import {
  OPS_EVENTS,
  QUEUE_CONSUMERS,
  ROUTES,
  SCHEDULED,
  STREAM_CONSUMERS,
  type OpsEventDefinition,
  type QueueConsumerDefinition,
  type RouteDefinition,
  type ScheduledDefinition,
  type StreamConsumerDefinition,
} from '../../../shared/entry/routes/index.js';

type EventDefinition = QueueConsumerDefinition | ScheduledDefinition | OpsEventDefinition | StreamConsumerDefinition;

/** How a handler's doc comment names the event source of its definition. */
function eventSource(d: EventDefinition): string {
  if ('queue' in d) return `SQS ${d.queue}`;
  if ('everyMinutes' in d) return `Every ${d.everyMinutes} min`;
  if ('detailTypes' in d) return d.detailTypes.length === 1 ? `Ops event ${d.detailTypes[0]}` : 'Ops events';
  const kinds = [...d.insertedKinds.map((k) => `${k} INSERT`), ...(d.modifiedKinds ?? []).map((k) => `${k} MODIFY`)];
  return `Table stream: ${kinds.join(', ')}`;
}

/**
 * Whether a route key names this route: one of its methods ("GET|POST /threeds/{transId}"), and its path segment by
 * segment. A `{name}` segment of the key stands for a `{…}` segment of the route, or (`literal`) for any segment too,
 * as "POST /api/v1/processing/{operation}/card" names both /purchase/card and /debit/card.
 */
function covers(key: string, r: RouteDefinition, literal: boolean): boolean {
  const [methods = '', path = ''] = key.split(' ');
  const want = path.split('/');
  const have = r.path.split('/');
  const param = (seg: string) => seg.startsWith('{') && seg.endsWith('}');
  return (
    methods.split('|').includes(r.method) &&
    want.length === have.length &&
    want.every((seg, i) => seg === have[i] || (param(seg) && (literal || param(have[i]!))))
  );
}

const source = (file: string) => ts.createSourceFile(file, readFileSync(join(REPO_ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);

/** The first line of text of the file's leading doc comment. */
function headLine(file: string): string {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  const doc = /^\/\*\*([\s\S]*?)\*\//.exec(text)?.[1] ?? '';
  return (
    doc
      .split('\n')
      .map((l) => l.replace(/^\s*\*?\s?/, '').trim())
      .find((l) => l) ?? ''
  );
}

/** The string literal `export const handler = endpoint('…', …)` starts with. */
function routeKey(file: string): string | undefined {
  for (const st of source(file).statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const decl of st.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || decl.name.text !== 'handler' || !decl.initializer) continue;
      if (!ts.isCallExpression(decl.initializer)) return undefined;
      const first = decl.initializer.arguments[0];
      return first && ts.isStringLiteral(first) ? first.text : undefined;
    }
  }
  return undefined;
}

/**
 * Followed by a space, `?` (a query) or nothing: "POST /post —", not "POST /post-va". The comment may spell a `{name}`
 * segment out ("{refund|void|capture}" for "{action}").
 */
function startsWithName(line: string, name: string): boolean {
  const anySegment = (s: string) => s.replace(/\{[^}/]*\}/g, '{}');
  const head = anySegment(line);
  const key = anySegment(name);
  return head.startsWith(key) && /^($|[ ?])/.test(head.slice(key.length));
}

const ts_ = (f: string) => `${f}.ts`;
const EVENTS: EventDefinition[] = [...QUEUE_CONSUMERS, ...SCHEDULED, ...OPS_EVENTS, ...STREAM_CONSUMERS];
const ROUTE_FILES = [...new Set(ROUTES.map((r) => r.handler))].sort();

describe('a route handler names its route', () => {
  it.each(ROUTE_FILES)('%s', (handler) => {
    const key = routeKey(ts_(handler));
    expect(key, `${handler}.ts: export const handler = endpoint('METHOD /path', …)`).toMatch(/^[A-Z|]+ \/\S*$/);
    const mine = ROUTES.filter((r) => r.handler === handler);
    expect(
      mine.filter((r) => !covers(key!, r, true)).map((r) => `${r.method} ${r.path}`),
      `routes shared/entry/routes points at ${handler} that '${key}' does not name`,
    ).toEqual([]);
    // Another file's route with a literal segment where the key has `{name}` is more specific: API Gateway takes it.
    expect(
      ROUTES.filter((r) => r.handler !== handler && covers(key!, r, false)).map((r) => `${r.method} ${r.path} (${r.handler})`),
      `other files' routes '${key}' names`,
    ).toEqual([]);
    expect(startsWithName(headLine(ts_(handler)), key!), `${handler}.ts's doc comment starts with '${key}'`).toBe(true);
  });
});

describe('an event consumer names its event source', () => {
  it.each(EVENTS.map((d) => [d.id, d] as const))('%s', (_id, d) => {
    expect(headLine(ts_(d.handler))).toMatch(new RegExp(`^${eventSource(d).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`));
  });
});

describe("a feature's ports are declared once, in its ports.ts", () => {
  const files = readdirSync(join(REPO_ROOT, 'functions'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `functions/${f.replaceAll('\\', '/')}`)
    .sort();

  it.each(files.filter((f) => !f.endsWith('/ports.ts')))('%s composes only tables from its ports.ts', (file) => {
    const sf = source(file);
    const fromPorts = new Set<string>();
    for (const st of sf.statements)
      if (ts.isImportDeclaration(st) && (st.moduleSpecifier as ts.StringLiteral).text === './ports.js')
        for (const el of (st.importClause?.namedBindings as ts.NamedImports | undefined)?.elements ?? []) fromPorts.add(el.name.text);
    const wrong: string[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'composition') {
        const arg = n.arguments[0];
        if (!arg || !ts.isIdentifier(arg) || !fromPorts.has(arg.text)) wrong.push(n.getText(sf).replace(/\s+/g, ' '));
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
    expect(wrong, 'compose a table of ./ports.ts').toEqual([]);
  });

  it.each(files.filter((f) => f.endsWith('/ports.ts')))('%s holds tables, no composition', (file) => {
    const calls: string[] = [];
    const visit = (n: ts.Node) => {
      // paymentPortsAnd builds a table (the payment cores and more); it composes nothing.
      if (ts.isCallExpression(n) && n.expression.getText() !== 'paymentPortsAnd') calls.push(n.expression.getText());
      ts.forEachChild(n, visit);
    };
    visit(source(file));
    expect(calls).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const route = (method: RouteDefinition['method'], path: string): RouteDefinition => ({ id: 'X', method, path, handler: 'x', grants: [] });

  it('match a route key to its routes, methods and segments alike', () => {
    expect(covers('GET|POST /threeds/{transId}', route('POST', '/threeds/{transId}'), false)).toBe(true);
    expect(covers('GET /threeds/{transId}', route('POST', '/threeds/{transId}'), true)).toBe(false);
    expect(covers('POST /api/v1/processing/{operation}/card', route('POST', '/api/v1/processing/debit/card'), true)).toBe(true);
    expect(covers('POST /providers/{provider}/notifications', route('POST', '/providers/adyen/notifications'), false)).toBe(false);
    expect(covers('POST /post', route('POST', '/post-va'), true)).toBe(false);
    expect(covers('POST /post', route('POST', '/v2/post'), true)).toBe(false);
  });

  it('name each kind of event source', () => {
    expect(eventSource({ id: 'A', queue: 'callbacks', handler: 'x', batchSize: 1, grants: [] })).toBe('SQS callbacks');
    expect(eventSource({ id: 'B', everyMinutes: 60, handler: 'x', grants: [] })).toBe('Every 60 min');
    expect(eventSource({ id: 'C', detailTypes: ['Chargeback Received'], handler: 'x', grants: [] })).toBe('Ops event Chargeback Received');
    expect(eventSource({ id: 'D', handler: 'x', batchSize: 1, insertedKinds: ['payment'], modifiedKinds: ['payment'], grants: [] })).toBe(
      'Table stream: payment INSERT, payment MODIFY',
    );
  });
});
