/** GET|POST /post-va/redirect/{transId} — the sandbox method's page of an APM REDIRECT answer, and the payer's decision. */
import { formPageEndpoint } from '../../shared/entry/http/page-endpoint.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { METHOD_PAGE_PORTS } from './ports.js';
import { methodPageQuery, methodPageSubmission } from '../../shared/entry/http/page-requests.js';
import { showMethodPage, submitMethodPage } from '../../shared/operations/s2s-apm/method-page.js';

export const handler = formPageEndpoint('GET|POST /post-va/redirect/{transId}', composition(METHOD_PAGE_PORTS), {
  show: [methodPageQuery, showMethodPage],
  submit: [methodPageSubmission, submitMethodPage],
});
