/** POST /post-va — S2S APM. */
import { s2sApmHandler } from '../../shared/http/s2s-apm.js';

export const handler = s2sApmHandler();
