/**
 * The layering rule of functions/ and shared/, and a checker that walks every import with the TypeScript compiler
 * (static imports, re-exports, dynamic import()). Layers, from the outside in:
 *
 *   functions → http, middleware → operations → protocol, domain, ports
 *   root (shared/entry/composition/deps.ts and shared/entry/composition/) builds adapters and connectors and hands them to the operations as
 *   ports; operations name the ports they take with the Deps type of shared/operations/deps.ts.
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
  | 'protocol'
  | 'domain'
  | 'ports'
  | 'adapters'
  | 'connectors'
  | 'lib'
  | 'base';

/**
 * Each layer's folders and files, repository-relative; the longest entry that covers a path names its layer. Written
 * as whole paths, so a tool that moves folders (and rewrites the paths it finds) carries the rule with them.
 */
export const LAYER_PATHS: [path: string, layer: Layer][] = [
  ['functions/', 'functions'],
  ['shared/entry/http/', 'http'],
  ['shared/entry/middleware/', 'middleware'],
  ['shared/entry/composition/deps.ts', 'root'],
  ['shared/entry/composition/', 'root'],
  ['shared/entry/routes/', 'routes'],
  ['shared/operations/', 'operations'],
  ['shared/protocol/', 'protocol'],
  // The HTML pages once they leave shared/protocol/ (issue 37 §5): the protocol's layer until they have their own.
  ['shared/pages/', 'protocol'],
  // The APM brand descriptors are the S2S APM wire rules of each brand.
  ['shared/protocol/apm/', 'protocol'],
  ['shared/domain/', 'domain'],
  ['shared/ports/', 'ports'],
  ['shared/adapters/aws/', 'adapters'],
  ['shared/adapters/connectors/', 'connectors'],
  // Self-contained libraries: wallet token cryptography, address policy, QR encoding, the HTML template.
  ['shared/lib/wallets/', 'lib'],
  ['shared/lib/net/', 'lib'],
  ['shared/lib/qr/', 'lib'],
  ['shared/lib/html/', 'lib'],
  // Cross-cutting leaves every layer may use: config, errors, logger, telemetry notes, resource names.
  ['shared/lib/config.ts', 'base'],
  ['shared/lib/env-fields.ts', 'base'],
  ['shared/domain/errors.ts', 'base'],
  ['shared/lib/logger.ts', 'base'],
  ['shared/lib/resources.ts', 'base'],
  ['shared/lib/telemetry.ts', 'base'],
  ['shared/lib/zod-mini.ts', 'base'],
];

const BY_LENGTH = [...LAYER_PATHS].sort((a, b) => b[0].length - a[0].length);

/** Where a file belongs, by its path relative to the repository root ('/'-separated); undefined: not checked. */
export function layerOf(path: string): Layer | undefined {
  const entry = BY_LENGTH.find(([p]) => (p.endsWith('/') ? path.startsWith(p) : path === p));
  if (entry) return entry[1];
  // Any other file of shared/ is a cross-cutting leaf too.
  return path.startsWith('shared/') ? 'base' : undefined;
}

interface Allowed {
  values: Layer[];
  /** Layers this one may import types from only. */
  types?: Layer[];
}

const COMMON: Layer[] = ['base', 'lib'];

export const RULES: Record<Layer, Allowed> = {
  functions: { values: ['functions', 'http', 'middleware', 'root', 'operations', 'protocol', 'domain', 'ports', ...COMMON] },
  http: { values: ['http', 'middleware', 'root', 'operations', 'protocol', 'domain', 'ports', ...COMMON] },
  middleware: { values: ['middleware', ...COMMON] },
  // The composition root sits above everything but the edge: it may build anything.
  root: { values: ['root', 'adapters', 'connectors', 'operations', 'protocol', 'domain', 'ports', ...COMMON] },
  // Route and event tables, read by infra and the local platform; they name handler modules by path, not by import.
  routes: { values: ['routes', 'operations', 'protocol', 'domain', ...COMMON] },
  // Operations receive their ports as a Deps value (shared/operations/deps.ts): never the root that builds it.
  operations: { values: ['operations', 'protocol', 'domain', 'ports', ...COMMON] },
  protocol: { values: ['protocol', 'domain', ...COMMON], types: ['ports'] },
  domain: { values: ['domain', ...COMMON], types: ['protocol'] },
  ports: { values: ['ports', 'domain', ...COMMON], types: ['protocol'] },
  adapters: { values: ['adapters', 'ports', 'domain', 'protocol', ...COMMON] },
  connectors: { values: ['connectors', 'ports', 'domain', 'protocol', ...COMMON] },
  lib: { values: ['lib', 'base'] },
  base: { values: ['base'] },
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
  if (!from) return [];
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

export const describeViolation = (v: Violation) => `${v.file}:${v.line} imports '${v.specifier}': ${v.reason}`;
