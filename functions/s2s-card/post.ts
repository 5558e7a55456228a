/** POST /post — S2S CARD, redirect_params as an object. */
import { s2sCardHandler } from '../../shared/http/s2s-card.js';

export const handler = s2sCardHandler('object');
