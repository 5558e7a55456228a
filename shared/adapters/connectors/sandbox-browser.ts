/**
 * A sandbox acquirer that, like some real ones, needs the payer's browser Accept header: without it the platform
 * answers INVALID_REQUEST instead of calling it. Outcomes otherwise as the sandbox.
 */
import type { Connector } from '../../ports/connector.js';
import { sandboxConnector } from './sandbox.js';

export const sandboxBrowserConnector: Connector = {
  ...sandboxConnector,
  name: 'sandbox-browser',
  requiresAcceptHeader: true,
  async pay(req) {
    if (!req.browser?.acceptHeader?.trim()) return { kind: 'declined', reason: 'INVALID_REQUEST' };
    return sandboxConnector.pay(req);
  },
};
