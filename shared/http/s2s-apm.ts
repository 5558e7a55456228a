/** The S2S APM endpoint (/post-va). */
import { S2S_APM_ACTIONS } from '../operations/s2s-apm/index.js';
import { s2sFormHandler } from './s2s.js';

export function s2sApmHandler() {
  return s2sFormHandler('POST /post-va', S2S_APM_ACTIONS, (base) => base);
}
