/** POST /post — S2S CARD: the action the form names (shared/operations/s2s-card), redirect_params as an object. */
import { composition } from '../../shared/entry/composition/compose.js';
import { s2sFormHandler } from '../../shared/entry/http/s2s.js';
import { s2sCardRequest } from '../../shared/entry/http/s2s-card.js';
import { S2S_CARD_ACTIONS } from '../../shared/operations/s2s-card/index.js';
import { S2S_CARD_PORTS } from './ports.js';

export const handler = s2sFormHandler('POST /post', composition(S2S_CARD_PORTS), S2S_CARD_ACTIONS, s2sCardRequest('object'));
