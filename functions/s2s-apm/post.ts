/** POST /post-va — S2S APM: the action the form names (shared/operations/s2s-apm). */
import { composition } from '../../shared/entry/composition/compose.js';
import { s2sFormHandler } from '../../shared/entry/http/s2s.js';
import { S2S_APM_ACTIONS } from '../../shared/operations/s2s-apm/index.js';
import { S2S_APM_PORTS } from './ports.js';

export const handler = s2sFormHandler('POST /post-va', composition(S2S_APM_PORTS), S2S_APM_ACTIONS, (base) => base);
