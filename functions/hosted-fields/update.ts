/** PUT /api/v1/session/update (header Token) — changes an open session; answers {"result":"success"}. */
import { tokenHandler } from '../../shared/entry/http/hosted-fields.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SESSION_PORTS } from './ports.js';
import { updateSession } from '../../shared/operations/hosted-fields/update-session.js';

export const handler = tokenHandler('PUT /api/v1/session/update', composition(SESSION_PORTS), async (d, session, body) => ({
  body: await updateSession(d, session, body),
}));
