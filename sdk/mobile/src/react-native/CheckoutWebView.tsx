/**
 * <CheckoutWebView controller={controller} />: the payment page in react-native-webview, wired to the controller.
 * Await `controller.result` for the outcome. Renders `fallback` until the session exists.
 */
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import WebView, { type WebViewProps } from 'react-native-webview';
import type { CheckoutWebViewController } from '../webview/controller.js';
import { createNavigationHandlers, type CheckoutWebViewHandlers } from './navigation-handlers.js';

export type CheckoutWebViewProps = Omit<WebViewProps, 'source' | keyof CheckoutWebViewHandlers> & {
  controller: CheckoutWebViewController;
  /** Shown while the session is being created (default: nothing). */
  fallback?: ReactElement | null;
};

export function CheckoutWebView({ controller, fallback = null, ...webViewProps }: CheckoutWebViewProps): ReactElement | null {
  const [uri, setUri] = useState<string>();
  const pendingClose = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearTimeout(pendingClose.current);
    let mounted = true;
    // A refused session rejects controller.result too; the app handles it there.
    controller.start().then(
      (url) => mounted && setUri(url),
      () => undefined,
    );
    return () => {
      mounted = false;
      // Deferred: React's StrictMode unmounts and remounts once in development; a real unmount closes.
      pendingClose.current = setTimeout(() => controller.close(), 0);
    };
  }, [controller]);

  // Typed as react-native-webview's own props: the check that the handlers fit its events.
  const handlers: Required<Pick<WebViewProps, keyof CheckoutWebViewHandlers>> = useMemo(
    () => createNavigationHandlers(controller),
    [controller],
  );
  if (!uri) return fallback;
  return (
    <WebView
      originWhitelist={['http://*', 'https://*']}
      // Links with target=_blank stay in this view, where the controller sees them.
      setSupportMultipleWindows={false}
      {...webViewProps}
      {...handlers}
      source={{ uri }}
    />
  );
}
