/**
 * Sandbox stages: the documented test cards' issuing countries (README "Sandbox test cards"), so a merchant can try
 * its BIN-country rules before any BIN file is imported. An imported BIN takes precedence.
 */
import type { StageKind } from '../../lib/config.js';

const SANDBOX_BINS: Readonly<Record<string, string>> = { '411111': 'US', '460154': 'GB' };

export const sandboxBinCountry = (stage: StageKind, cardNumber: string): string | undefined =>
  stage === 'sandbox' ? SANDBOX_BINS[cardNumber.slice(0, 6)] : undefined;
