/**
 * GET /api/v1/merchant/reports/transactions — the merchant's money movements with fees and settlement batches, as JSON
 * or, with format=csv, as a CSV download (the next page's cursor in X-Next-Cursor); docs/ledger.md "Reports".
 */
import { merchantApiHandler, RawAnswer } from '../../shared/entry/http/merchant-api.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_API_PORTS } from './ports.js';
import { ledger, settlements } from '../../shared/entry/composition/ledger.js';
import { reportFormat, transactionsCsv, transactionsReport } from '../../shared/operations/merchant-api/transactions-report.js';

export const handler = merchantApiHandler(
  'GET /api/v1/merchant/reports/transactions',
  composition(MERCHANT_API_PORTS),
  async ({ merchant, query }) => {
    const format = reportFormat(query);
    const page = await transactionsReport(ledger(), settlements(), merchant.merchant.clientKey, query);
    if (format === 'json') return page;
    return new RawAnswer({
      statusCode: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="transactions.csv"',
        'cache-control': 'no-store',
        ...(page.next_cursor ? { 'x-next-cursor': page.next_cursor } : {}),
      },
      body: transactionsCsv(page),
    });
  },
);
