/**
 * Connectors by name, bound to a MID for each use. Built in the composition root from the list in
 * shared/adapters/connectors/index.ts (tests build their own); the APM providers have theirs in apm-registry.ts.
 * A live stage's catalogue refuses sandbox connectors when built, and a MID or payment of one is answered as a
 * payment with no MID (204002), never sent to made-up outcomes (docs/security.md "Test and live").
 */
import type {
  Connector,
  ConnectorMid,
  ConnectorOutcome,
  ConnectorPaymentRef,
  ConnectorPolicy,
  ConnectorRegistry,
  ConnectorScope,
  MidConnector,
  LateReversalRequest,
  MidOfConnector,
  PaymentOfConnector,
} from '../../ports/connector.js';
import { AcquirerUrlRefusedError, midCredentialsContext } from '../../ports/connector.js';
import { stageRefusal } from './acquirer-hosts.js';
import { attemptReference, parseAttemptReference } from '../../domain/acquirer-reference.js';
import type { MerchantDirectory } from '../../ports/merchant-directory.js';
import { DEFAULT_POLICY, withDeadline, withRetries } from './policy.js';
import { bindAnswer } from './answer-binding.js';
import { BusinessRuleError, SignatureError } from '../../domain/errors.js';
import type { StageKind } from '../../lib/config.js';
import { isSandboxConnector, SandboxInLiveError } from '../../domain/stage-kind.js';

export interface ConnectorEntry {
  connector: Connector;
  policy?: Partial<ConnectorPolicy>;
}

export class ConnectorCatalogue implements ConnectorRegistry {
  private readonly entries = new Map<string, { connector: Connector; policy: ConnectorPolicy }>();

  constructor(
    entries: ConnectorEntry[],
    /** Where a payment's MID is read (settings, sealed credentials) for its follow-ups. */
    private readonly merchants: Pick<MerchantDirectory, 'get'>,
    /** live: no sandbox connector may be registered (shared/domain/stage-kind.ts). */
    private readonly kind: StageKind = 'live',
  ) {
    for (const e of entries) {
      if (kind === 'live' && isSandboxConnector(e.connector.name)) throw new SandboxInLiveError(e.connector.name);
      this.entries.set(e.connector.name, { connector: e.connector, policy: { ...DEFAULT_POLICY, ...e.policy } });
    }
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  named(name: string): Connector {
    return this.entry(name).connector;
  }

  bySlug(slug: string): Connector | undefined {
    return [...this.entries.values()].find((e) => e.connector.notifications?.slug === slug)?.connector;
  }

  forMid(clientKey: string, mid: MidOfConnector): MidConnector {
    return this.bind(mid.connector, { mid: connectorMid(clientKey, mid) });
  }

  async forPayment(p: PaymentOfConnector): Promise<MidConnector> {
    const config = await this.merchants.get(p.clientKey);
    // A MID removed since keeps its payments' follow-ups going, without settings (the sandbox needs none).
    const mid = config?.mids.find((m) => m.midId === p.midId) ?? { midId: p.midId, connector: p.connector };
    return this.bind(p.connector, { mid: connectorMid(p.clientKey, mid), payment: paymentRef(p) });
  }

  private entry(name: string) {
    const entry = this.entries.get(name);
    // A sandbox MID left in a live stage's data: no MID can take the payment, rather than a 500.
    if (!entry && this.kind === 'live' && isSandboxConnector(name)) throw BusinessRuleError.noMid();
    if (!entry) throw new Error(`No connector named ${name}`);
    return entry;
  }

  /**
   * The connector with the scope added to every request, the policy around every call, and every answer bound to the
   * payment it was asked about (answer-binding.ts): an answer about another payment throws, which every caller treats
   * as no answer. A new payment (pay, payout, a retry's pay) has no acquirer id yet; its follow-ups name the one recorded.
   */
  private bind(name: string, scope: Omit<ConnectorScope, 'signal'>): MidConnector {
    const { connector: c, policy } = this.entry(name);
    // A MID stored with the other platform's URL (before the setup check refused it): nothing is sent there.
    const refused = stageRefusal(name, scope.mid.settings.url, this.kind);
    const call = <T>(run: (signal: AbortSignal) => Promise<T>) =>
      refused ? Promise.reject(new AcquirerUrlRefusedError(refused)) : withDeadline(policy, run);
    /** The answer, if it is about the request's trans_id, amount and currency, and about the payment's acquirer id. */
    const bound =
      (
        kind: string,
        req: { transId: string; amount: number; currency: string; routingAttempt?: number },
        opts: { newPayment?: boolean; mustName?: boolean; followUp?: boolean } = {},
      ) =>
      (o: ConnectorOutcome) =>
        bindAnswer(c.name, kind, o, {
          transId: req.transId,
          amount: req.amount,
          currency: req.currency,
          ...(opts.mustName ? { mustName: true } : {}),
          ...(!opts.newPayment && scope.payment?.rrn ? { pspReference: scope.payment.rrn } : {}),
          // The payment's own transaction: the answer names the attempt in use (a follow-up names the trans_id).
          ...(opts.followUp
            ? {}
            : { attempt: req.routingAttempt ?? parseAttemptReference(scope.payment?.reference ?? req.transId).attempt }),
        });
    return {
      name: c.name,
      requiresAcceptHeader: c.requiresAcceptHeader,
      pay: (req) => call((signal) => c.pay({ ...req, ...scope, signal })).then(bound('pay', req, { newPayment: true })),
      completeChallenge: (req) =>
        call((signal) => c.completeChallenge({ ...req, ...scope, signal })).then(bound('completeChallenge', req, { mustName: true })),
      capture: (req) => call((signal) => c.capture({ ...req, ...scope, signal })).then(bound('capture', req, { followUp: true })),
      refund: (req) => call((signal) => c.refund({ ...req, ...scope, signal })).then(bound('refund', req, { followUp: true })),
      void: (req) => call((signal) => c.void({ ...req, ...scope, signal })).then(bound('void', req, { followUp: true })),
      payout: (req) => call((signal) => c.payout({ ...req, ...scope, signal })).then(bound('payout', req, { newPayment: true })),
      inquire: async (req) => {
        if (!c.inquire) return 'unknown';
        const answer = await withRetries(policy, () => call((signal) => c.inquire!({ ...req, ...scope, signal })));
        return answer === 'unknown' ? answer : bound('inquire', req, { followUp: req.attemptId !== req.transId })(answer);
      },
      // Not retried and not bound here: it is sent once, and the connector checks what the answer names.
      ...(c.reverseLate
        ? { reverseLate: (req: LateReversalRequest) => call((signal) => c.reverseLate!({ ...req, ...scope, signal })) }
        : {}),
      ...(c.cancelsByReference ? { cancelsByReference: true } : {}),
      verifyNotification: async (rawBody, signature) => {
        const { payment } = scope;
        if (!c.notifications || !payment) throw SignatureError.invalid();
        return c.notifications.verify(rawBody, { mid: scope.mid, payment }, signature);
      },
    };
  }
}

export function connectorMid(clientKey: string, mid: MidOfConnector): ConnectorMid {
  return {
    clientKey,
    midId: mid.midId,
    settings: mid.connectorSettings ?? {},
    ...(mid.credentialsSealed
      ? { credentials: { sealed: mid.credentialsSealed, context: midCredentialsContext(clientKey, mid.midId) } }
      : {}),
  };
}

function paymentRef(p: PaymentOfConnector): ConnectorPaymentRef {
  return {
    transId: p.transId,
    orderId: p.orderId,
    action: p.action,
    ...(p.payerEmail ? { payerEmail: p.payerEmail } : {}),
    ...(p.rrn ? { rrn: p.rrn } : {}),
    reference: attemptReference(p.transId, p.details?.routingAttempt),
    ...(p.card ? { card: { bin: p.card.bin, last4: p.card.last4, expMonth: p.card.expMonth, expYear: p.card.expYear } } : {}),
  };
}
