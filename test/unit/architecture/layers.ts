/**
 * The layering rule of functions/ and shared/, and a checker that walks every import with the TypeScript compiler
 * (static imports, re-exports, dynamic import()). Each layer is a folder of shared/ (LAYER_PATHS); from the outside in:
 *
 *   functions → entry/http, entry/middleware → operations → pages → protocol, domain, ports; lib under all
 *   root (shared/entry/composition/, deps.ts included) builds adapters/aws and adapters/connectors and hands them to
 *   the operations as ports; operations name the ports they take with the Deps type of shared/operations/deps.ts.
 *
 * A layer may import only what its row allows; `types` lists layers it may import types from (erased at run time).
 * Only adapters import @aws-sdk. scripts/, infra/ and test/ are outside the rule (they wire and exercise everything).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import ts from 'typescript';

export type Layer =
  | 'functions'
  | 'http'
  | 'middleware'
  | 'root'
  | 'routes'
  | 'operations'
  | 'pages'
  | 'protocol'
  | 'domain'
  | 'ports'
  | 'adapters'
  | 'connectors'
  | 'lib';

/**
 * Each layer's folder, repository-relative (the longest that covers a path names its layer). shared/ holds nothing
 * else: a file of shared/ outside these folders fails the layering test until it is given a layer.
 */
export const LAYER_PATHS: [path: string, layer: Layer][] = [
  ['functions/', 'functions'],
  // Entry points: where a request or an event comes in, and the composition root that wires it.
  ['shared/entry/http/', 'http'],
  ['shared/entry/middleware/', 'middleware'],
  ['shared/entry/routes/', 'routes'],
  ['shared/entry/composition/', 'root'],
  ['shared/operations/', 'operations'],
  // The payer's HTML pages, their texts and scripts: rendered by operations and endpoints, built on the protocol.
  ['shared/pages/', 'pages'],
  // Wire formats, hashes, readers and answers; apm/ holds the S2S APM brands' wire rules.
  ['shared/protocol/', 'protocol'],
  ['shared/domain/', 'domain'],
  ['shared/ports/', 'ports'],
  ['shared/adapters/aws/', 'adapters'],
  ['shared/adapters/connectors/', 'connectors'],
  // Helpers that know no payment rule, which every layer may use: config, logging, zod, HTML template, QR, net, wallet
  // token cryptography.
  ['shared/lib/', 'lib'],
];

const BY_LENGTH = [...LAYER_PATHS].sort((a, b) => b[0].length - a[0].length);

/** Where a file belongs, by its path relative to the repository root ('/'-separated); undefined: not checked. */
export function layerOf(path: string): Layer | undefined {
  return BY_LENGTH.find(([p]) => path.startsWith(p))?.[1];
}

interface Allowed {
  values: Layer[];
  /** Layers this one may import types from only. */
  types?: Layer[];
}

const COMMON: Layer[] = ['lib'];

export const RULES: Record<Layer, Allowed> = {
  functions: { values: ['functions', 'http', 'middleware', 'root', 'operations', 'pages', 'protocol', 'domain', 'ports', ...COMMON] },
  http: { values: ['http', 'middleware', 'root', 'operations', 'pages', 'protocol', 'domain', 'ports', ...COMMON] },
  middleware: { values: ['middleware', ...COMMON] },
  // The composition root sits above everything but the edge: it may build anything.
  root: { values: ['root', 'adapters', 'connectors', 'operations', 'protocol', 'domain', 'ports', ...COMMON] },
  // Route and event tables, read by infra and the local platform; they name handler modules by path, not by import,
  // and the page routes name the page dictionaries they ship.
  routes: { values: ['routes', 'operations', 'pages', 'protocol', 'domain', ...COMMON] },
  // Operations receive their ports as a Deps value (shared/operations/deps.ts): never the root that builds it.
  operations: { values: ['operations', 'pages', 'protocol', 'domain', 'ports', ...COMMON] },
  pages: { values: ['pages', 'protocol', 'domain', ...COMMON] },
  protocol: { values: ['protocol', 'domain', ...COMMON], types: ['ports'] },
  domain: { values: ['domain', ...COMMON], types: ['protocol'] },
  ports: { values: ['ports', 'domain', ...COMMON], types: ['protocol'] },
  adapters: { values: ['adapters', 'ports', 'domain', 'protocol', ...COMMON] },
  connectors: { values: ['connectors', 'ports', 'domain', 'protocol', ...COMMON] },
  lib: { values: ['lib'] },
};

/**
 * Folders with one face: every file outside the folder imports it only through its index.ts; what lies beside the
 * index (the folder's internal/ mechanisms) may change without touching a caller (docs/architecture.md).
 */
export const FACES = ['shared/operations/payment/'];

/** The face `target` reaches past from `file`, or undefined. */
function pastFace(file: string, target: string): string | undefined {
  return FACES.find((dir) => target.startsWith(dir) && !file.startsWith(dir) && target !== `${dir}index.ts`);
}

/** Only these layers may import the AWS SDK. */
const AWS_SDK_LAYERS: Layer[] = ['adapters'];

/**
 * Imports that break the rule today and are left to other work, each with its reason; listed by file, so a new one
 * still fails, and an entry no longer needed fails too (layering.test.ts), so the list only shrinks. Empty since the
 * APM providers became ports built in shared/entry/composition/deps.ts like the card connectors (issue 10 §3).
 */
export const PENDING: { from: string; to: string; why: string }[] = [];

export interface ImportRef {
  /** As written. */
  specifier: string;
  /** Repository-relative target for a relative import; undefined for a package. */
  target?: string;
  typeOnly: boolean;
  line: number;
}

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  reason: string;
}

/** Every import of one source file: static, type-only, re-export, dynamic import() and import x = require(). */
export function importsOf(file: string, source: string): ImportRef[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: ImportRef[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean, node: ts.Node) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const specifier = spec.text;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    const target = specifier.startsWith('.')
      ? normalize(join(dirname(file), specifier))
          .split(sep)
          .join('/')
          .replace(/\.js$/, '.ts')
      : undefined;
    out.push({ specifier, target, typeOnly, line });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      // `import type {…}`, or `import { type A, type B }` with nothing else: erased at run time.
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly, node);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly, node);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly, node);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const matches = (p: (typeof PENDING)[number], from: string, target: string) =>
  p.from === from && (target === p.to || (p.to.endsWith('/') && target.startsWith(p.to)));

function pending(from: string, target: string, used?: Set<(typeof PENDING)[number]>): boolean {
  const entry = PENDING.find((p) => matches(p, from, target));
  if (entry) used?.add(entry);
  return entry !== undefined;
}

/** The violations of one file (repository-relative path) with the given source. */
export function checkFile(file: string, source: string, usedPending?: Set<(typeof PENDING)[number]>): Violation[] {
  const from = layerOf(file);
  if (!from) return file.startsWith('shared/') ? [{ file, line: 1, specifier: '', reason: 'is in no layer folder (LAYER_PATHS)' }] : [];
  const violations: Violation[] = [];
  for (const imp of importsOf(file, source)) {
    const at = { file, line: imp.line, specifier: imp.specifier };
    if (/^@aws-sdk\//.test(imp.specifier)) {
      if (!AWS_SDK_LAYERS.includes(from) && !imp.typeOnly)
        violations.push({ ...at, reason: `${from} imports the AWS SDK: only shared/adapters/aws may` });
      continue;
    }
    if (!imp.target) continue;
    const face = pastFace(file, imp.target);
    if (face) violations.push({ ...at, reason: `reaches past the face of ${face}: import ${face}index.js` });
    const to = layerOf(imp.target);
    if (!to) continue; // docs/openapi.json and the like
    const rule = RULES[from];
    if (rule.values.includes(to) || (imp.typeOnly && rule.types?.includes(to))) continue;
    if (pending(file, imp.target, usedPending)) continue;
    const typesNote = rule.types?.includes(to) ? ' (types only)' : '';
    violations.push({ ...at, reason: `${from} may not import ${to}${typesNote}` });
  }
  return violations;
}

const SOURCE = /\.(ts|tsx|mts)$/;

function walk(root: string, dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) walk(root, rel, out);
    else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
  }
}

/** Every violation under `root` (a repository checkout, or a fixture laid out like one), and the PENDING entries it used. */
export function checkTree(root: string): { violations: Violation[]; usedPending: Set<(typeof PENDING)[number]> } {
  const files: string[] = [];
  for (const top of ['functions', 'shared']) walk(root, top, files);
  const usedPending = new Set<(typeof PENDING)[number]>();
  return { violations: files.flatMap((f) => checkFile(f, readFileSync(join(root, f), 'utf8'), usedPending)), usedPending };
}

export const describeViolation = (v: Violation) =>
  v.specifier ? `${v.file}:${v.line} imports '${v.specifier}': ${v.reason}` : `${v.file}: ${v.reason}`;
