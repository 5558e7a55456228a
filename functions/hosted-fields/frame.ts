/** GET /hosted-fields/frame/{field}?token=…&origin=…&channel=… — the page inside one hosted-field iframe. */
import { pageEndpoint } from '../../shared/entry/http/page-endpoint.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SESSION_PORTS } from './ports.js';
import { frameRequest } from '../../shared/entry/http/page-requests.js';
import { showFrame } from '../../shared/operations/hosted-fields/frame.js';

export const handler = pageEndpoint('GET /hosted-fields/frame/{field}', composition(SESSION_PORTS), frameRequest, showFrame);
