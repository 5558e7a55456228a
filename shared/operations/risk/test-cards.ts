/**
 * Sandbox stages: the documented test cards (README "Sandbox test cards") do not count toward the card-testing guard
 * and the velocity per card, so merchants' integration tests that pay with them again and again keep working. Every
 * other card number counts, in every stage; on a live stage these count like any card.
 */
import type { StageKind } from '../../lib/config.js';

const TEST_CARDS: readonly string[] = ['4111111111111111', '4601541833776519'];

export const exemptFromCounters = (stage: StageKind, cardNumber: string): boolean => stage === 'sandbox' && TEST_CARDS.includes(cardNumber);
