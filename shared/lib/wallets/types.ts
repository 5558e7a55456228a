/**
 * What a decrypted wallet token yields. The PAN (a DPAN for tokenized cards, the FPAN for Google Pay PAN_ONLY) and the
 * cryptogram mask themselves when logged or serialised: only the charge core's connector call sees them in clear.
 */

export type WalletName = 'googlepay' | 'applepay';
export const WALLETS: readonly WalletName[] = ['googlepay', 'applepay'];

export type WalletEnvironment = 'TEST' | 'PRODUCTION';
export const WALLET_ENVIRONMENTS: readonly WalletEnvironment[] = ['TEST', 'PRODUCTION'];

export interface WalletCardData {
  pan: string;
  expMonth: string;
  /** Four digits. */
  expYear: string;
  /** dpan: device/network token (needs the cryptogram); fpan: the card's own number (Google Pay PAN_ONLY). */
  panType: 'dpan' | 'fpan';
  /** Google Pay: CRYPTOGRAM_3DS or PAN_ONLY; Apple Pay: 3DSecure. */
  authMethod: string;
  cryptogram?: string;
  eci?: string;
  /** Apple Pay binds the token to an amount in minor units. */
  transactionAmount?: number;
  /** Apple Pay: ISO 4217 numeric code of that amount. */
  currencyNumeric?: string;
  holder?: string;
  /** Names the token for the replay cache: Apple header.transactionId, Google messageId. */
  replayId: string;
  /** Until when the token itself is acceptable (ms since epoch); the replay cache keeps its id that long. */
  replayUntil: number;
}

export class WalletCard implements WalletCardData {
  declare readonly pan: string;
  declare readonly expMonth: string;
  declare readonly expYear: string;
  declare readonly panType: 'dpan' | 'fpan';
  declare readonly authMethod: string;
  declare readonly cryptogram?: string;
  declare readonly eci?: string;
  declare readonly transactionAmount?: number;
  declare readonly currencyNumeric?: string;
  declare readonly holder?: string;
  declare readonly replayId: string;
  declare readonly replayUntil: number;

  constructor(data: WalletCardData) {
    Object.assign(this, data);
    // Non-enumerable: spreading or JSON.stringify of the card never carries the secrets.
    Object.defineProperty(this, 'pan', { value: data.pan, enumerable: false });
    Object.defineProperty(this, 'cryptogram', { value: data.cryptogram, enumerable: false });
  }

  get masked(): string {
    return `${this.pan.slice(0, 6)}****${this.pan.slice(-4)}`;
  }

  toJSON(): Record<string, unknown> {
    return {
      pan: this.masked,
      expMonth: this.expMonth,
      expYear: this.expYear,
      panType: this.panType,
      authMethod: this.authMethod,
      eci: this.eci,
    };
  }

  // node:util's own key for it (Symbol.for is the documented way to name it without loading node:util).
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `WalletCard(${this.masked}, ${this.panType})`;
  }
}

/** Why a token was refused. Each reason has one wire text (shared/operations/wallets/errors.ts). */
export type WalletTokenFailure =
  | 'malformed'
  | 'unsupported-version'
  | 'signature'
  | 'environment'
  | 'expired'
  | 'wrong-key'
  | 'decryption'
  | 'unsupported-payment'
  | 'recipient';

/** Marks a refusal by any copy of the class below: Symbol.for names one symbol for every module. */
const REFUSAL = Symbol.for('open-payments.wallet-token-error');

export class WalletTokenError extends Error {
  /**
   * A refusal thrown by the Apple Pay module, bundled on its own beside a function (apple-pay-lazy.ts), comes from
   * that bundle's copy of this class: `instanceof` checks the mark, not the copy.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && REFUSAL in value;
  }

  constructor(
    readonly reason: WalletTokenFailure,
    /** For logs: which check failed. Never card data. */
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'WalletTokenError';
    Object.defineProperty(this, REFUSAL, { value: true });
  }
}
