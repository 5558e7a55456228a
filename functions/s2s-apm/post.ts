/** POST /post-va — S2S APM. */
import { s2sApmHandler } from '../../shared/protocol/s2s-apm/http.js';

export const handler = s2sApmHandler();
