/** POST /post — S2S CARD, redirect_params as an object. */
import { s2sCardHandler } from '../../shared/protocol/s2s-card/http.js';

export const handler = s2sCardHandler('object');
