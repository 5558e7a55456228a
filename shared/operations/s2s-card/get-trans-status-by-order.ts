/**
 * GET_TRANS_STATUS_BY_ORDER: the latest transaction of the order. The hash is Formula 2 with order_id in place of
 * trans_id (= Formula 7), or Formula 2 with that latest trans_id (6 for CREDIT2CARD), see lookup.ts.
 */
import { NotFoundError } from '../../domain/errors.js';
import { FieldReader } from '../../protocol/fields.js';
import { readFields } from '../../protocol/form-spec.js';
import { ORDER_ID_REQUEST } from '../../protocol/s2s-card/id-requests.js';
import { statusResult } from '../../protocol/s2s-card/responses.js';
import type { S2sCardAction } from './action.js';
import { verifyPaymentHash } from './lookup.js';

export const getTransStatusByOrder: S2sCardAction = {
  action: 'GET_TRANS_STATUS_BY_ORDER',
  fields: ORDER_ID_REQUEST,
  async run(req) {
    const f = new FieldReader(req.form);
    const { order_id: orderId } = readFields(f, ORDER_ID_REQUEST);
    f.throwIfInvalid();
    const [latest] = await req.deps.payments.findByOrder(req.config.merchant.clientKey, orderId, 1);
    if (!latest) throw NotFoundError.order();
    verifyPaymentHash(req, latest, [orderId, latest.transId]);
    return { statusCode: 200, body: statusResult('GET_TRANS_STATUS_BY_ORDER', latest, req.config.merchant.mappings) };
  },
};
