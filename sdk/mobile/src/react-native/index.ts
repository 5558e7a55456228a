/** @open-payments/mobile-sdk/react-native — react-native-webview (a peer dependency) driven by the controller. */
export { CheckoutWebView, type CheckoutWebViewProps } from './CheckoutWebView.js';
export { createNavigationHandlers, type CheckoutWebViewHandlers } from './navigation-handlers.js';
export * from '../index.js';
