/**
 * Which declines cascade to the next MID (shared/operations/routing/soft-declines.ts): a reason matches an entry of
 * the list only whole, once both are normalised; a do-not-retry answer never cascades; an entry that normalises to
 * nothing, or says not to try again, is refused by routing set with its place and text.
 */
import { describe, expect, it } from 'vitest';
import { isSoftDecline, normaliseReason } from '../../../shared/operations/routing/soft-declines.js';
import { parseRoutingRules, RoutingRulesError } from '../../../shared/operations/routing/validate.js';

const declined = (reason: string) => ({ kind: 'declined' as const, reason });

describe('soft declines match whole reasons', () => {
  it('the default list: case, spacing and punctuation do not matter', () => {
    for (const reason of ['Issuer unavailable.', 'ISSUER  UNAVAILABLE', 'Do Not Honor', 'do not honour!', 'Try again', 'try-again']) {
      expect(isSoftDecline(declined(reason)), reason).toBe(true);
    }
  });

  it('"Do not try again" is not "try again": a reason that only contains an entry is a hard decline', () => {
    for (const reason of [
      'Do not try again',
      'Do not try again.',
      'Declined: try again later',
      'Issuer unavailable, card blocked',
      'Declined by processing.',
    ]) {
      expect(isSoftDecline(declined(reason)), reason).toBe(false);
    }
  });

  it('a configured entry of punctuation only matches nothing (a stored "." made every decline soft)', () => {
    expect(isSoftDecline(declined('Declined by processing.'), ['.'])).toBe(false);
    expect(isSoftDecline(declined('.'), ['.', ' '])).toBe(false);
  });

  it('a do-not-retry answer never cascades, even when a stored list names it', () => {
    expect(isSoftDecline(declined('Do not try again.'), ['do not try again'])).toBe(false);
    expect(isSoftDecline(declined('Pick up card (no fraud)'), ['pick up card no fraud'])).toBe(false);
    expect(isSoftDecline(declined('Issuer unavailable.'), ['issuer unavailable'])).toBe(true);
  });

  it('codes are entries like any other: matched whole', () => {
    expect(isSoftDecline(declined('91'), ['91'])).toBe(true);
    expect(isSoftDecline(declined('910'), ['91'])).toBe(false);
  });

  it('only declines', () => {
    expect(isSoftDecline({ kind: 'approved', rrn: '', approvalCode: '' })).toBe(false);
  });

  it('normalises to lower-case words', () => {
    expect(normaliseReason('  Issuer  Unavailable… (91) ')).toBe('issuer unavailable 91');
    expect(normaliseReason('.!?')).toBe('');
  });
});

describe('routing set: softDeclines entries', () => {
  const mids = [
    {
      midId: 'A',
      name: 'A',
      paymentMode: 'SMS/DMS' as const,
      moto: false,
      zeroAmount: false,
      connector: 'sandbox',
      enabled: true,
      descriptor: 'A',
    },
  ];
  const rules = [{ match: {}, mids: [{ midId: 'A', weight: 100 }] }];
  const problems = (softDeclines: unknown) => {
    try {
      parseRoutingRules({ rules, softDeclines }, mids);
    } catch (e) {
      expect(e).toBeInstanceOf(RoutingRulesError);
      return (e as RoutingRulesError).problems;
    }
    return [];
  };

  it('an entry that normalises to nothing, or says not to try again, is refused by its place and text', () => {
    expect(problems(['issuer unavailable', '.', '  ', 'Do not try again', 'Suspected fraud'])).toEqual([
      'softDeclines, entry 2 ("."): has no letters or digits, so it names no decline reason.',
      'softDeclines, entry 3 ("  "): has no letters or digits, so it names no decline reason.',
      'softDeclines, entry 4 ("Do not try again"): says not to try again: such a decline never moves to another MID.',
      'softDeclines, entry 5 ("Suspected fraud"): says not to try again: such a decline never moves to another MID.',
    ]);
  });

  it('a good list is kept as given (trimmed)', () => {
    expect(parseRoutingRules({ rules, softDeclines: [' Issuer unavailable ', '91'] }, mids).softDeclines).toEqual([
      'Issuer unavailable',
      '91',
    ]);
    expect(problems([])).toEqual(['softDeclines must be a non-empty list of decline reasons or codes (text).']);
    expect(problems(['ok', 5])).toEqual(['softDeclines, entry 2: must be text.']);
  });
});

describe('a decline soft by its structured code', () => {
  it('cascades whatever its text, unless the text says not to try again', () => {
    expect(isSoftDecline({ kind: 'declined', reason: 'Declined - Do not honour (20005)', retryable: true })).toBe(true);
    expect(isSoftDecline({ kind: 'declined', reason: 'Declined - Do not honour (20005)' })).toBe(false);
    expect(isSoftDecline({ kind: 'declined', reason: 'Do not try again', retryable: true })).toBe(false);
  });
});
