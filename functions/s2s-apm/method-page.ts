/** GET|POST /post-va/redirect/{transId} — the sandbox method's page of an APM REDIRECT answer, and the payer's decision. */
import { formPageEndpoint } from '../../shared/http/page-endpoint.js';
import { composition } from '../../shared/composition/compose.js';
import { clock, config, newId } from '../../shared/composition/core.js';
import { payments } from '../../shared/composition/payments.js';
import { merchants } from '../../shared/composition/merchants.js';
import { callbackQueue } from '../../shared/composition/callback-queue.js';
import { apmConnectors } from '../../shared/composition/apm-connectors.js';
import { providerSecrets } from '../../shared/composition/provider-secrets.js';
import { methodPageQuery, methodPageSubmission } from '../../shared/http/page-requests.js';
import { showMethodPage, submitMethodPage } from '../../shared/operations/s2s-apm/method-page.js';

export const handler = formPageEndpoint(
  'ANY /post-va/redirect/{transId}',
  composition({ config, clock, newId, payments, merchants, callbackQueue, apmConnectors, providerSecrets }),
  {
    show: [methodPageQuery, showMethodPage],
    submit: [methodPageSubmission, submitMethodPage],
  },
);
