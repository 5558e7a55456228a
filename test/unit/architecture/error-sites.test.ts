/**
 * Every protocol error's code and text is named once, by a factory in shared/domain/errors.ts (error-sites.ts has the
 * rule): no call site builds a code/text pair of its own. The checker itself is tried on planted bad sites.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';
import { checkErrorSites, checkErrorTree, describeErrorSite, errorCatalogue, ERRORS_FILE, EXEMPT } from './error-sites.js';

describe('the repository', () => {
  const { violations, usedExempt } = checkErrorTree(REPO_ROOT);

  it('builds protocol errors only with the named factories of shared/domain/errors.ts', () => {
    expect(violations.map(describeErrorSite)).toEqual([]);
  });

  it('lists only exemptions that are still needed (delete an entry once its file complies)', () => {
    expect(EXEMPT.filter((e) => !usedExempt.has(e.file)).map((e) => e.file)).toEqual([]);
  });
});

describe('the checker', () => {
  const catalogue = errorCatalogue(readFileSync(join(REPO_ROOT, ERRORS_FILE), 'utf8'));

  it('knows the texts of shared/domain/errors.ts, factories and named texts alike', () => {
    for (const text of [
      'Capture is not allowed.',
      'Payment method is not supported.',
      'This value is not correct.',
      'Provider not found.',
      'Session can not be updated.',
    ]) {
      expect(catalogue.texts).toContain(text);
    }
    expect(catalogue.classes).toContain('BusinessRuleError');
  });

  it('catches a planted code/text pair, a bare code and a copied text, and only those', () => {
    const source = [
      "import { BusinessRuleError, NotFoundError, ValidationError } from '../errors.js';",
      "export const a = () => new BusinessRuleError(208003, 'Capture is not allowed, really.');",
      'export const b = (e: { error_code?: number }) => e.error_code === 101000;',
      "export const c = () => ValidationError.field('x', 'Refund amount exceeds the payment amount.');",
      'export const fine = () => [BusinessRuleError.captureNotAllowed(), NotFoundError.transaction(), 100_000];',
      "export const alsoFine = (declined: boolean) => (declined ? 'INVALID_REQUEST' : ValidationError.field('order_amount', 'This value should be greater than 0.'));",
    ].join('\n');
    expect(checkErrorSites('shared/operations/x.ts', source, catalogue).map(describeErrorSite)).toEqual([
      'shared/operations/x.ts:2 new BusinessRuleError(…) with a code or text of its own: add a named factory to shared/domain/errors.ts',
      'shared/operations/x.ts:2 protocol error code 208003: name it in shared/domain/errors.ts',
      'shared/operations/x.ts:3 protocol error code 101000: name it in shared/domain/errors.ts',
      'shared/operations/x.ts:4 "Refund amount exceeds the payment amount." is the text of an error of shared/domain/errors.ts: use its factory',
    ]);
  });

  it('leaves shared/domain/errors.ts itself alone', () => {
    expect(checkErrorSites(ERRORS_FILE, "new BusinessRuleError(208003, 'Capture is not allowed.');", catalogue)).toEqual([]);
  });
});
