/** GET /health — 200 with JSON once the table answers. */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { awsClients } from '../../shared/adapters/aws-clients.js';
import { getConfig } from '../../shared/config.js';
import { httpHandler, json } from '../../shared/http/http.js';
import { toCheckoutError } from '../../shared/protocol/error-wire.js';

export const handler = httpHandler(
  'GET /health',
  async () => {
    const config = getConfig();
    const table = await awsClients().ddb.send(new DescribeTableCommand({ TableName: config.TABLE_NAME }));
    return json(200, { status: 'ok', stage: config.STAGE, table: table.Table?.TableStatus });
  },
  (err) => toCheckoutError(err),
);
