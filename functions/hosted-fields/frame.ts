/** GET /hosted-fields/frame/{field}?token=…&origin=…&channel=… — the page inside one hosted-field iframe. */
import { pageEndpoint } from '../../shared/http/page-endpoint.js';
import { frameRequest } from '../../shared/http/page-requests.js';
import { showFrame } from '../../shared/operations/hosted-fields/frame.js';

export const handler = pageEndpoint('GET /hosted-fields/frame/{field}', frameRequest, showFrame);
