/**
 * The rule of protocol errors: every code and text of a refusal is named once, by a factory in shared/domain/errors.ts.
 * Outside that file, in functions/ and shared/, the checker finds
 *   - a protocol error code written as a number (100000–109999, 200000–209999: the spec's codes),
 *   - an error of shared/domain/errors.ts built with a literal of its own (`new BusinessRuleError(208003, '…')`),
 *   - a text that shared/domain/errors.ts gives one of its errors, written again as a string literal.
 * Field-level validation messages (ValidationError.field('order_amount', …)) are the readers' own and not checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const ERRORS_FILE = 'shared/domain/errors.ts';

export interface ErrorSiteViolation {
  file: string;
  line: number;
  reason: string;
}

/** As written: `100_000` is a count, not a code. */
const PROTOCOL_CODE = /^[12]0\d{4}$/;
/** Texts shorter than this ('OK', 'hash') are words, and UPPER_CASE ones tokens an acquirer may answer too. */
const isText = (text: string) => text.length >= 12 && !/^[A-Z][A-Z_]*$/.test(text);

/**
 * Files left to other work, each with its reason; an entry no longer needed fails the test, so the list only shrinks.
 */
export const EXEMPT: { file: string; why: string }[] = [
  ...[
    'shared/operations/console/callbacks.ts',
    'shared/operations/console/payment-actions.ts',
    'shared/operations/console/payments.ts',
  ].map((file) => ({
    file,
    why: "the console API's own refusals (operations/console/errors.ts) say 'Payment not found.' as S2S does; the console work owns them",
  })),
];

const parse = (file: string, source: string) => ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

const isLiteral = (n: ts.Node) => ts.isStringLiteralLike(n) || ts.isNumericLiteral(n) || ts.isTemplateExpression(n);

/** The error classes shared/domain/errors.ts declares, and the texts it gives them (constructor and factory arguments). */
export function errorCatalogue(source: string): { classes: Set<string>; texts: Set<string> } {
  const sf = parse(ERRORS_FILE, source);
  const classes = new Set<string>();
  const texts = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isClassDeclaration(node) && node.name) classes.add(node.name.text);
    if (
      (ts.isNewExpression(node) || (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword)) &&
      node.arguments
    ) {
      for (const a of node.arguments) {
        const strings = ts.isArrayLiteralExpression(a) ? a.elements : [a];
        for (const s of strings) if (ts.isStringLiteralLike(s) && isText(s.text)) texts.add(s.text);
      }
    }
    // { field, message: '…' } entries and the named texts (export const NOT_CORRECT = '…').
    const text =
      ts.isPropertyAssignment(node) && node.name.getText(sf) === 'message'
        ? node.initializer
        : ts.isVariableDeclaration(node)
          ? node.initializer
          : undefined;
    if (text && ts.isStringLiteralLike(text) && isText(text.text)) texts.add(text.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { classes, texts };
}

/** The violations of one file (repository-relative path) against the catalogue of shared/domain/errors.ts. */
export function checkErrorSites(file: string, source: string, catalogue: ReturnType<typeof errorCatalogue>): ErrorSiteViolation[] {
  if (file === ERRORS_FILE) return [];
  const sf = parse(file, source);
  const out: ErrorSiteViolation[] = [];
  const at = (node: ts.Node, reason: string) =>
    out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, reason });
  const visit = (node: ts.Node) => {
    if (ts.isNumericLiteral(node) && PROTOCOL_CODE.test(node.getText(sf)))
      at(node, `protocol error code ${node.text}: name it in ${ERRORS_FILE}`);
    else if (ts.isStringLiteralLike(node) && catalogue.texts.has(node.text))
      at(node, `"${node.text}" is the text of an error of ${ERRORS_FILE}: use its factory`);
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      catalogue.classes.has(node.expression.text) &&
      node.arguments?.some(isLiteral)
    ) {
      at(node, `new ${node.expression.text}(…) with a code or text of its own: add a named factory to ${ERRORS_FILE}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function walk(root: string, dir: string, out: string[]): void {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) walk(root, rel, out);
    else if (/\.ts$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
  }
}

/** Every violation under functions/ and shared/ of the repository at `root`, and the exempt files that had one. */
export function checkErrorTree(root: string, exempt = EXEMPT): { violations: ErrorSiteViolation[]; usedExempt: Set<string> } {
  const catalogue = errorCatalogue(readFileSync(join(root, ERRORS_FILE), 'utf8'));
  const files: string[] = [];
  for (const top of ['functions', 'shared']) walk(root, top, files);
  const usedExempt = new Set<string>();
  const violations = files.flatMap((f) => {
    const found = checkErrorSites(f, readFileSync(join(root, f), 'utf8'), catalogue);
    if (found.length && exempt.some((e) => e.file === f)) {
      usedExempt.add(f);
      return [];
    }
    return found;
  });
  return { violations, usedExempt };
}

export const describeErrorSite = (v: ErrorSiteViolation) => `${v.file}:${v.line} ${v.reason}`;
