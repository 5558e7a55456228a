/** The S2S APM endpoint (/post-va). */
import { S2S_APM_ACTIONS } from '../operations/s2s-apm/index.js';
import { s2sFormHandler } from './s2s.js';
import { composition } from '../composition/compose.js';
import { S2S_APM_PORTS } from '../composition/tables.js';

const ports = composition(S2S_APM_PORTS);

export function s2sApmHandler() {
  return s2sFormHandler('POST /post-va', ports, S2S_APM_ACTIONS, (base) => base);
}
