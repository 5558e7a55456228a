/** POST /hosted-fields/card-data (header Token) — the card-number iframe submits the card; answers {result, message}. */
import { tokenHandler } from '../../shared/entry/http/hosted-fields.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CARD_DATA_PORTS } from './ports.js';
import { submitCardData } from '../../shared/operations/hosted-fields/card-data.js';

export const handler = tokenHandler('POST /hosted-fields/card-data', composition(CARD_DATA_PORTS), async (d, session, body) => ({
  body: await submitCardData(d, session, body),
}));
