/** The S2S CARD endpoint (/post and /v2/post, which differ only in the shape of redirect_params). */
import { S2S_CARD_ACTIONS } from '../operations/s2s-card/index.js';
import { s2sFormHandler } from './s2s.js';
import { composition } from '../composition/compose.js';
import { S2S_CARD_PORTS } from '../composition/tables.js';

const ports = composition(S2S_CARD_PORTS);

export function s2sCardHandler(redirectParamsStyle: 'object' | 'list') {
  return s2sFormHandler(redirectParamsStyle === 'object' ? 'POST /post' : 'POST /v2/post', ports, S2S_CARD_ACTIONS, (base, event) => ({
    ...base,
    redirectParamsStyle,
    headers: event.headers ?? {},
    sourceIp: event.requestContext?.http?.sourceIp,
  }));
}
