/**
 * Issue 9 item 15: "Clients send S2S requests as multipart/form-data as well as form-urlencoded (the protocol's own
 * examples show both): accept both on every S2S endpoint, with the same size limits." protocol.md §1: S2S CARD is
 * application/x-www-form-urlencoded, "Appendix B examples say multipart/form-data; both seen in the wild".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { MAX_BODY_BYTES } from '../../../shared/protocol/limits.js';
import { encodeForm, type FormValue } from '../../../shared/protocol/form.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { apmSale } from '../s2s-apm/support.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

/** Flat protocol names (bracket notation kept in the part names, as PHP's curl sends them). */
function flatten(fields: Record<string, FormValue | undefined>): Array<[string, string]> {
  return [...new URLSearchParams(encodeForm(fields))];
}

/** What fetch sends for a FormData body: multipart/form-data with a random boundary. */
async function postMultipart(path: string, fields: Record<string, FormValue | undefined>, extra: (fd: FormData) => void = () => {}) {
  const fd = new FormData();
  for (const [k, v] of flatten(fields)) fd.append(k, v);
  extra(fd);
  const res = await fetch(`${platform.url}${path}`, { method: 'POST', body: fd });
  return { status: res.status, body: await res.json(), contentType: res.headers.get('content-type') };
}

async function postRaw(path: string, body: string, contentType: string) {
  const res = await fetch(`${platform.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: res.status, body: await res.json() };
}

describe('multipart/form-data on every S2S endpoint (issue 9 item 15)', () => {
  for (const path of ['/post', '/v2/post']) {
    it(`S2S CARD SALE on ${path} as multipart/form-data settles exactly like the form-urlencoded one`, async () => {
      const res = await postMultipart(
        path,
        saleFields(merchant, { custom_data: { note: 'Grüße & more' }, parameters: { cart: { items: [{ name: 'Tee' }] } } }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
      // A follow-up by multipart too.
      const status = await postMultipart(path, transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id));
      expect(status.body).toMatchObject({ action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'SETTLED', trans_id: res.body.trans_id });
    });
  }

  it('S2S APM SALE on /post-va as multipart/form-data', async () => {
    const res = await postMultipart('/post-va', apmSale(merchant));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
  });

  it('the same request sent twice, once urlencoded and once multipart, is one payment (same idempotency key)', async () => {
    const fields = saleFields(merchant);
    const a = await postForm(`${platform.url}/post`, fields);
    const b = await postMultipart('/post', fields);
    expect(b.body.trans_id).toBe(a.body.trans_id);
  });

  it('errors of a multipart request name its action, in the S2S format', async () => {
    const res = await postMultipart('/post', saleFields(merchant, { order_amount: 'ten' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ action: 'SALE', result: 'ERROR', error_code: 100000 });
  });

  it('file parts carry no protocol field and are ignored', async () => {
    const res = await postMultipart('/post', saleFields(merchant), (fd) => fd.append('order_amount', new Blob(['999.00']), 'amount.txt'));
    expect(res.body).toMatchObject({ result: 'SUCCESS', amount: '10.00' });
  });

  it('a body that is not valid multipart/form-data is refused in the S2S format', async () => {
    const res = await postRaw('/post', 'action=SALE', 'multipart/form-data; boundary=xyz');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      result: 'ERROR',
      error_code: 100000,
      errors: [{ error_code: 100000, error_message: 'Request body is not valid multipart/form-data.' }],
    });
  });

  for (const path of ['/post', '/v2/post', '/post-va']) {
    it(`the 64 KB cap holds for multipart bodies on ${path} ("with the same size limits"): 413 before parsing`, async () => {
      const boundary = 'b0undary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="action"\r\n\r\nSALE\r\n--${boundary}\r\nContent-Disposition: form-data; name="order_description"\r\n\r\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      const body = head + 'x'.repeat(MAX_BODY_BYTES + 1 - head.length - tail.length) + tail;
      expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES + 1);
      const res = await postRaw(path, body, `multipart/form-data; boundary=${boundary}`);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        result: 'ERROR',
        error_message: `Request body is too large. It should have ${MAX_BODY_BYTES} bytes or less.`,
      });
      expect(res.body.action).toBeUndefined();
    });
  }
});
