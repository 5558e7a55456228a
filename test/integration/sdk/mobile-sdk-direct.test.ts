/**
 * The SDK's core against the local platform directly: initialised with the password (as the spec's SDK is), it
 * signs each request itself, and not one request carries the password.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckoutSdk } from '@open-payments/mobile-sdk';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { operationTests } from './operations.js';
import { recordingFetch, type RecordedRequest } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let sdk: CheckoutSdk;
let requests: RecordedRequest[];

beforeAll(async () => {
  merchant = await testMerchant();
  const recorder = recordingFetch();
  requests = recorder.requests;
  sdk = new CheckoutSdk({ backendUrl: platform.url, merchantKey: merchant.clientKey, password: merchant.password, fetch: recorder.fetch });
});

describe('mobile SDK → platform (password in the SDK)', () => {
  operationTests({ sdk: () => sdk, requests: () => requests, password: () => merchant.password, platformUrl: () => platform.url });

  it('sends merchant_key and a hash, nothing else of the credentials', () => {
    const body = JSON.parse(requests[0]!.body);
    expect(body.merchant_key).toBe(merchant.clientKey);
    expect(body.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(Object.keys(body)).not.toContain('password');
  });
});
