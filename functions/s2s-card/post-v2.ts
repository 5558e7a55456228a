/** POST /v2/post — S2S CARD, redirect_params as a list of {name, value}. */
import { s2sCardHandler } from '../../shared/http/s2s-card.js';

export const handler = s2sCardHandler('list');
