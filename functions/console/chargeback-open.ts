/** POST /console/api/chargebacks — {"trans_id", "amount", "reason_code", "bank_date"?}: operators record an acquirer's chargeback. */
import { consoleRoute } from '../../shared/http/console.js';
import { openChargeback } from '../../shared/operations/console/chargebacks.js';

export const handler = consoleRoute('POST /console/api/chargebacks', async ({ cx, p, body }) => ({ status: 201, body: await openChargeback(cx, p, body) }));
