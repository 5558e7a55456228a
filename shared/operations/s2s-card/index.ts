/** S2S CARD actions by name. Adding an action: one new file in this folder and one line here. */
import type { S2sCardAction } from './action.js';
import { sale } from './sale.js';
import { getTransStatus } from './get-trans-status.js';

export const S2S_CARD_ACTIONS: ReadonlyMap<string, S2sCardAction> = new Map(
  [sale, getTransStatus].map((a) => [a.action, a]),
);
