/**
 * @open-payments/mobile-sdk/web — the controller in a browser (web apps, Capacitor): the page in a popup or in an
 * iframe. Return URLs must be on the app's own origin so their address can be read when the payer comes back.
 * An iframe also needs the merchant's checkout frame ancestors to list the app's origin (docs/checkout.md).
 */
import type { CheckoutResult, CheckoutWebViewController } from '../webview/controller.js';
import { watchWindow } from './watch-window.js';

export interface PopupOptions {
  /** window.open features; default a phone-sized window. */
  features?: string;
  pollMs?: number;
}

/**
 * Call from the click handler itself: the popup opens at once (browsers block popups opened after an await) and
 * is pointed at the payment page when the session exists. A refused session closes it and rejects.
 */
export async function openCheckoutPopup(controller: CheckoutWebViewController, options: PopupOptions = {}): Promise<CheckoutResult> {
  const popup = window.open('about:blank', '_blank', options.features ?? 'popup,width=480,height=760');
  if (!popup) {
    controller.fail('popup blocked');
    return controller.result;
  }
  try {
    popup.location.href = await controller.start();
  } catch (err) {
    popup.close();
    throw err;
  }
  watchWindow(
    controller,
    { href: () => popup.location.href, closed: () => popup.closed, close: () => popup.close() },
    options.pollMs ?? 250,
  );
  return controller.result;
}

export interface IframeOptions {
  pollMs?: number;
  /** Applied to the iframe (size, border, title …). */
  attributes?: Record<string, string>;
}

/** Puts the page in an iframe inside `container`; the iframe is removed when the result settles. */
export async function mountCheckoutIframe(
  controller: CheckoutWebViewController,
  container: HTMLElement,
  options: IframeOptions = {},
): Promise<CheckoutResult> {
  const iframe = document.createElement('iframe');
  for (const [k, v] of Object.entries({ title: 'Payment', style: 'width:100%;height:100%;border:0', ...options.attributes }))
    iframe.setAttribute(k, v);
  // The return must load inside the iframe (url_target _self), where the adapter can read it; the page's default
  // (_top) would replace the app itself. A merchant-wide link target set by an operator still wins (docs/checkout.md).
  iframe.src = await controller.start({ urlTarget: '_self' });
  container.appendChild(iframe);
  const read = () => iframe.contentWindow!.location.href;
  // The load event catches the return at once; polling covers web views that miss it.
  iframe.addEventListener('load', () => {
    try {
      controller.onNavigation(read());
    } catch {
      /* cross-origin: a payment page */
    }
  });
  watchWindow(controller, { href: read, closed: () => !iframe.isConnected, close: () => iframe.remove() }, options.pollMs ?? 250);
  return controller.result;
}

export { watchWindow, type WatchedWindow } from './watch-window.js';
