/**
 * The ConnectorRegistry port (shared/ports/connector.ts) over one scripted acquirer: each call kind gets the answer
 * the test set (an outcome, or an Error thrown: the acquirer did not answer), and every call is kept in `asked`, so
 * a test sees what the core asked, for how much, and that it asked nothing when it should not. The production
 * catalogue (shared/adapters/connectors/registry.ts) adds the MID binding and the timeout policy; its own tests cover those.
 */
import type {
  Connector,
  ConnectorOutcome,
  ConnectorRegistry,
  MidConnector,
  MidOfConnector,
  PaymentOfConnector,
  VerifiedNotification,
} from '../../shared/ports/connector.js';

export type AcquirerCall = 'pay' | 'completeChallenge' | 'capture' | 'refund' | 'void' | 'payout' | 'inquire';

export type Answer = ConnectorOutcome | Error;

/** One call as the acquirer saw it: its kind, the MID or payment it was bound to, and the request. */
export interface Asked {
  call: AcquirerCall;
  midId?: string;
  transId?: string;
  request: Record<string, unknown>;
}

export const APPROVED: ConnectorOutcome = { kind: 'approved', rrn: '000000000001', approvalCode: 'A1' };

export class ScriptedAcquirer implements ConnectorRegistry {
  readonly asked: Asked[] = [];
  /** The answer per call kind; a kind without one is approved (inquire: 'unknown', as an acquirer that cannot be asked). */
  readonly answers: Partial<Record<AcquirerCall, Answer | 'unknown'>> = {};

  constructor(
    readonly name = 'sandbox',
    answers: Partial<Record<AcquirerCall, Answer | 'unknown'>> = {},
  ) {
    Object.assign(this.answers, answers);
  }

  /** Every later call of `call` gets `answer`. */
  answer(call: AcquirerCall, answer: Answer | 'unknown'): this {
    this.answers[call] = answer;
    return this;
  }

  names(): string[] {
    return [this.name];
  }

  named(name: string): Connector {
    if (name !== this.name) throw new Error(`Unknown connector: ${name}`);
    const scoped = this.bound({});
    return {
      name,
      requiresAcceptHeader: false,
      pay: (r) => scoped.pay(r),
      completeChallenge: (r) => scoped.completeChallenge(r),
      capture: (r) => scoped.capture(r),
      refund: (r) => scoped.refund(r),
      void: (r) => scoped.void(r),
      payout: (r) => scoped.payout(r),
      inquire: (r) => scoped.inquire(r),
    };
  }

  forMid(_clientKey: string, mid: MidOfConnector): MidConnector {
    return this.bound({ midId: mid.midId });
  }

  async forPayment(p: PaymentOfConnector): Promise<MidConnector> {
    return this.bound({ midId: p.midId, transId: p.transId });
  }

  bySlug(): Connector | undefined {
    return undefined;
  }

  private bound(scope: { midId?: string; transId?: string }): MidConnector {
    const call =
      (kind: AcquirerCall) =>
      async (request: object): Promise<ConnectorOutcome> => {
        const answer = this.ask(kind, scope, request);
        if (answer === 'unknown') throw new Error(`${kind} cannot answer 'unknown'`);
        return answer;
      };
    return {
      name: this.name,
      requiresAcceptHeader: false,
      pay: call('pay'),
      completeChallenge: call('completeChallenge'),
      capture: call('capture'),
      refund: call('refund'),
      void: call('void'),
      payout: call('payout'),
      inquire: async (request) => this.ask('inquire', scope, request),
      verifyNotification: async (): Promise<VerifiedNotification> => ({ final: false }),
    };
  }

  private ask(kind: AcquirerCall, scope: { midId?: string; transId?: string }, request: object): ConnectorOutcome | 'unknown' {
    // A shallow copy: a request's own values are not changed after the call (and a scope's AbortSignal does not clone).
    this.asked.push({ call: kind, ...scope, request: { ...request } as Record<string, unknown> });
    const answer = this.answers[kind] ?? (kind === 'inquire' ? 'unknown' : APPROVED);
    if (answer instanceof Error) throw answer;
    return structuredClone(answer);
  }
}
