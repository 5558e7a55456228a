/**
 * Why a change to the risk controls (blocklists, rules, thresholds, MID limits) was refused, for both faces: the admin
 * CLI prints the message; the console answers `invalid` as a 400 listing every problem and `not-found` as a 404.
 */
export class RiskChangeError extends Error {
  constructor(
    readonly kind: 'invalid' | 'not-found',
    message: string,
    /** Each problem on its own, as the message lists them. */
    readonly problems: string[] = [message],
  ) {
    super(message);
  }
}

export const noMerchant = (clientKey: string) =>
  new RiskChangeError('not-found', `No merchant with client key ${clientKey}. See them with: npm run admin -- merchants list`);

/** One refusal naming every problem: a header line, then one indented line each. */
export const invalid = (header: string, problems: string[]) =>
  new RiskChangeError('invalid', `${header}\n${problems.map((p) => `  - ${p}`).join('\n')}`, problems);
