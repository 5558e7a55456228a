/**
 * Where a merchant's settled books live (domain/ledger/settled-books): one item, SETTLED#<client_key> / BOOKS,
 * written by the settlement of each day (dynamo-settlements) and read with the journals since by the balance
 * (dynamo-ledger).
 */
export const settledBooksKey = (clientKey: string) => ({ pk: `SETTLED#${clientKey}`, sk: 'BOOKS' });
