/**
 * The React Native component's navigation handling, through its handler functions, with events shaped like
 * react-native-webview's (sdk/mobile's type check holds the handlers to that package's WebViewProps).
 */
import { describe, expect, it } from 'vitest';
import { CheckoutSdk, CheckoutWebViewController, type PaymentRequest } from '@open-payments/mobile-sdk';
import { createNavigationHandlers } from '../../../sdk/mobile/src/react-native/navigation-handlers.js';

// Whole events as react-native-webview sends them (more fields than the handlers read).
type Navigation = {
  url: string;
  loading: boolean;
  title: string;
  canGoBack: boolean;
  canGoForward: boolean;
  lockIdentifier: number;
  navigationType: 'other';
};
type ShouldStart = Navigation & { isTopFrame: boolean };

const request: PaymentRequest = {
  operation: 'purchase',
  successUrl: 'https://shop.example/app/success',
  cancelUrl: 'https://shop.example/app/cancel',
  errorUrl: 'https://shop.example/app/error',
  order: { number: 'o-1', amount: '10.00', currency: 'USD', description: 'Shoes' },
};

function controller() {
  const sdk = new CheckoutSdk({
    backendUrl: 'https://backend.example',
    fetch: async () => ({ status: 200, text: async () => '{"redirect_url":"https://pay.example/auth/t"}' }),
  });
  return new CheckoutWebViewController(sdk, request);
}

const base = { loading: true, title: '', canGoBack: false, canGoForward: false, lockIdentifier: 1, navigationType: 'other' as const };
const shouldStart = (url: string, isTopFrame = true): ShouldStart => ({ ...base, url, isTopFrame });
const navigation = (url: string): Navigation => ({ ...base, url });
const nativeEvent = <T>(e: T) => ({ nativeEvent: e });

describe('react-native-webview handlers', () => {
  it('loads the payment pages, stops at the return URL and settles with its ids', async () => {
    const c = controller();
    const h = createNavigationHandlers(c);
    expect(h.onShouldStartLoadWithRequest(shouldStart('https://pay.example/auth/t'))).toBe(true);
    expect(h.onShouldStartLoadWithRequest(shouldStart('https://shop.example/app/success?payment_id=p&order_id=o-1', false))).toBe(true); // a sub-frame
    expect(h.onShouldStartLoadWithRequest(shouldStart('https://shop.example/app/success?payment_id=p&order_id=o-1&trans_id=t'))).toBe(
      false,
    );
    await expect(c.result).resolves.toEqual({ status: 'success', paymentId: 'p', orderId: 'o-1', transId: 't' });
  });

  it('settles from onNavigationStateChange when no load was asked about (Android redirects)', async () => {
    const c = controller();
    createNavigationHandlers(c).onNavigationStateChange(navigation('https://shop.example/app/cancel?payment_id=p'));
    await expect(c.result).resolves.toMatchObject({ status: 'cancel', paymentId: 'p' });
  });

  it('follows a target=_blank return through onOpenWindow', async () => {
    const c = controller();
    createNavigationHandlers(c).onOpenWindow(nativeEvent({ targetUrl: 'https://shop.example/app/error?payment_id=p' }));
    await expect(c.result).resolves.toMatchObject({ status: 'error', paymentId: 'p' });
  });

  it('settles error on a load failure, a 5xx or a dead web view process; a 4xx page is left to the payer', async () => {
    const loadFailed = controller();
    createNavigationHandlers(loadFailed).onError(
      nativeEvent({ ...base, url: 'https://pay.example/auth/t', code: -1009, description: 'offline' }),
    );
    await expect(loadFailed.result).resolves.toEqual({ status: 'error', reason: '-1009: offline' });

    const http = controller();
    const h = createNavigationHandlers(http);
    h.onHttpError(nativeEvent({ ...base, url: 'https://pay.example/auth/t', statusCode: 410, description: 'Gone' }));
    expect(http.settled).toBe(false);
    h.onHttpError(nativeEvent({ ...base, url: 'https://pay.example/auth/t', statusCode: 502, description: 'Bad Gateway' }));
    await expect(http.result).resolves.toEqual({ status: 'error', reason: 'HTTP 502' });

    const gone = controller();
    createNavigationHandlers(gone).onRenderProcessGone();
    await expect(gone.result).resolves.toMatchObject({ status: 'error' });
  });
});
