/** Every HTTP handler refuses an oversized body before decoding or parsing it, in its protocol's error format. */
import { describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import { bodyBytes, type HttpEvent } from '../../../shared/entry/http/http.js';
import { httpEndpoint } from '../../../shared/entry/http/endpoint.js';
import type { PlatformError } from '../../../shared/domain/errors.js';
import { toCheckoutError, toS2sError } from '../../../shared/protocol/error-wire.js';
import { getString, parseForm } from '../../../shared/protocol/form.js';
import { MAX_BODY_BYTES } from '../../../shared/protocol/limits.js';

const event = (body: string, isBase64Encoded = false) =>
  ({ body, isBase64Encoded, headers: {}, requestContext: { http: { method: 'POST' } } }) as unknown as HttpEvent;
const ctx = {} as Context;

describe('bodyBytes', () => {
  it('counts UTF-8 bytes of text bodies and decoded bytes of base64 ones', () => {
    expect(bodyBytes(event('a=é'))).toBe(4);
    expect(bodyBytes(event(Buffer.from('hello!!').toString('base64'), true))).toBe(7);
    expect(bodyBytes(event(Buffer.from('hello!').toString('base64'), true))).toBe(6);
    expect(bodyBytes({ ...event(''), body: undefined })).toBe(0);
  });
});

describe('httpEndpoint body cap', () => {
  const big = `action=SALE&custom_data[x]=${'a'.repeat(MAX_BODY_BYTES)}`;

  it('answers 413 in the S2S format without running the handler or parsing the body', async () => {
    const fn = vi.fn();
    const toWire = vi.fn((err: PlatformError, ev: HttpEvent) => toS2sError(err, getString(parseForm(ev.body ?? ''), 'action')));
    const res = await httpEndpoint('POST /post', fn, toWire)(event(big), ctx);
    expect(fn).not.toHaveBeenCalled();
    expect(toWire.mock.calls[0]![1].body).toBeUndefined(); // the error mapping never sees the body either
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body!)).toEqual({
      result: 'ERROR',
      http_code: 413,
      error_code: 100000,
      error_message: `Request body is too large. It should have ${MAX_BODY_BYTES} bytes or less.`,
      errors: [{ error_code: 100000, error_message: `Request body is too large. It should have ${MAX_BODY_BYTES} bytes or less.` }],
    });
  });

  it('answers 413 in the Checkout format, also for base64 bodies', async () => {
    const fn = vi.fn();
    const res = await httpEndpoint('POST /api/v1/session', fn, (err) => toCheckoutError(err))(
      event(Buffer.from(big).toString('base64'), true),
      ctx,
    );
    expect(fn).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body!)).toMatchObject({
      error_code: 100000,
      error_message: `Request body is too large. It should have ${MAX_BODY_BYTES} bytes or less.`,
    });
  });

  it('lets a body of exactly the limit through', async () => {
    const fn = vi.fn(async () => ({ statusCode: 200, body: 'ok' }));
    const res = await httpEndpoint('POST /x', fn, (err) => toCheckoutError(err))(event('a'.repeat(MAX_BODY_BYTES)), ctx);
    expect(res.statusCode).toBe(200);
  });
});
