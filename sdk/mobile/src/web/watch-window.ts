/**
 * Follows a window the app opened (popup) or owns (iframe) and reports its navigations to the controller. The
 * payment pages are cross-origin, so their address cannot be read; it becomes readable again once the window
 * reaches a return URL on the app's own origin, which is all the controller needs. Hence: return URLs for
 * web apps live on the app's origin.
 */
import type { CheckoutWebViewController } from '../webview/controller.js';

export interface WatchedWindow {
  /** Reads the current address; throws (SecurityError) while the window shows another origin. */
  href(): string;
  closed(): boolean;
  close(): void;
}

export function watchWindow(controller: CheckoutWebViewController, win: WatchedWindow, pollMs: number): () => void {
  const timer = setInterval(() => {
    // Settled elsewhere (the iframe's load event, the app): the window goes too, as when this poll settles it.
    if (controller.settled) {
      if (!win.closed()) win.close();
      return stop();
    }
    if (win.closed()) {
      controller.close();
      return stop();
    }
    let href: string | undefined;
    try {
      href = win.href();
    } catch {
      return; // cross-origin: still on the payment pages
    }
    if (href && href !== 'about:blank') controller.onNavigation(href);
    if (controller.settled) {
      win.close();
      stop();
    }
  }, pollMs);
  function stop() {
    clearInterval(timer);
  }
  return stop;
}
