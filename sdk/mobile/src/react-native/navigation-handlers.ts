/**
 * react-native-webview's events, translated for the controller. Kept apart from the component so they can be
 * tested as plain functions (no native module needed). The event shapes are the fields we read of
 * react-native-webview's own; CheckoutWebView.tsx assigns these handlers to its WebViewProps, so the package's
 * type check fails if the two ever disagree. (Importing react-native types here would drag React Native's globals,
 * such as its setTimeout, into every program that tests these functions.)
 */
import type { CheckoutWebViewController } from '../webview/controller.js';

interface NativeEvent<T> {
  nativeEvent: T;
}

export interface CheckoutWebViewHandlers {
  onShouldStartLoadWithRequest: (request: { url: string; isTopFrame?: boolean }) => boolean;
  onNavigationStateChange: (navigation: { url: string }) => void;
  onOpenWindow: (event: NativeEvent<{ targetUrl: string }>) => void;
  onError: (event: NativeEvent<{ code: number; description: string }>) => void;
  onHttpError: (event: NativeEvent<{ statusCode: number }>) => void;
  onContentProcessDidTerminate: () => void;
  onRenderProcessGone: () => void;
}

export function createNavigationHandlers(controller: CheckoutWebViewController): CheckoutWebViewHandlers {
  return {
    // Before each load: a return URL is not loaded, the app takes over. Sub-frames (isTopFrame false, iOS) never
    // carry the return, which always targets the top window of the view.
    onShouldStartLoadWithRequest: (request) => (request.isTopFrame === false ? true : controller.shouldStartLoad(request.url)),
    // Android does not ask before HTTP redirects; the navigation that follows still tells.
    onNavigationStateChange: (navigation) => controller.onNavigation(navigation.url),
    // A link with target=_blank (url_target / the account's link target) asks for a window: treat it as a navigation.
    onOpenWindow: (event) => controller.onNavigation(event.nativeEvent.targetUrl),
    onError: (event) => controller.fail(`${event.nativeEvent.code}: ${event.nativeEvent.description}`),
    // 4xx pages (an expired or used link) explain themselves and offer the way back; a 5xx leaves the payer stuck.
    onHttpError: (event) => {
      if (event.nativeEvent.statusCode >= 500) controller.fail(`HTTP ${event.nativeEvent.statusCode}`);
    },
    onContentProcessDidTerminate: () => controller.fail('the web view content process ended'),
    onRenderProcessGone: () => controller.fail('the web view renderer process ended'),
  };
}
