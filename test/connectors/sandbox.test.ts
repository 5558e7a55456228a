/**
 * The connector kit (kit.ts) for the sandbox acquirer: outcomes chosen by the test card's expiry (protocol.md §8). It
 * calls nothing over a network, so the network's bad days do not apply (declared, and named by the suite).
 */
import { sandboxConnector } from '../../shared/adapters/connectors/sandbox.js';
import { SANDBOX_CARD } from '../support/s2s.js';
import { connectorKit } from './kit.js';

const EXPIRY = { approved: '01', declined: '02', '3ds': '05', 'soft-declined': '04' } as const;

connectorKit({
  name: 'sandbox',
  capabilities: { network: false, threeDs: true, inquiry: 'reference', followUps: 'decided', webhooks: false, lateApproval: false },
  start: async () => undefined,
  target: () => '',
  connector: () => sandboxConnector,
  mid: () => ({}),
  next: (scenario) => ({ number: SANDBOX_CARD, expMonth: EXPIRY[scenario], expYear: '2038', cvv: '123', holder: 'Jane Doe' }),
  // The sandbox's 3DS page decides nothing: its completion decides by the card.
  authenticate: async () => undefined,
  answerAboutAnother: () => undefined,
  movesMoney: () => false,
  violations: () => [],
  stop: () => undefined,
});
