/**
 * The connector kit: the behaviours the platform relies on of every connector (shared/ports/connector.ts), as one
 * suite each connector runs against its real counterpart or its owner's published contract (docs/connectors.md
 * "Writing a connector"). A connector's file in test/connectors/ describes its counterpart (`Counterpart`); the
 * suite calls it through the registry, as operations do (answers bound to their payment, the policy's deadline),
 * with the network between them a fault-injecting proxy (test/support/fault-proxy.ts) that counts what reached the
 * acquirer. The same bad day has the same expected outcome for every connector:
 *   - no answer (a reset after the request was written, a timeout), a 5xx, a duplicate / in-progress refusal: the
 *     call fails (undetermined, settled later by inquiry or webhook), never a decline, and nothing is sent twice;
 *   - an answer about another payment (its reference, amount or currency differ): no answer, never an approval.
 * What a connector lacks (a network, 3DS, an inquiry by our reference) it declares in `capabilities`: the suite names
 * the cases that do not apply instead of leaving them out silently.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../scripts/local/platform.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { ConnectorCatalogue } from '../../shared/adapters/connectors/registry.js';
import { AnswerMismatchError } from '../../shared/adapters/connectors/answer-binding.js';
import type { Connector, ConnectorCard, ConnectorOutcome, ConnectorPaymentRequest } from '../../shared/ports/connector.js';
import type { NewMid } from '../../shared/operations/admin/merchants.js';
import type { Merchant, Mid } from '../../shared/domain/merchant.js';
import { eventually, postForm, startTestPlatform, testMerchant } from '../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../support/merchant-server.js';
import { injectConnector, restoreConnectors } from '../support/connectors.js';
import { saleFields, transIdFields } from '../support/s2s.js';
import type { FormValue } from '../../shared/protocol/form.js';
import { setRouting } from '../../shared/operations/routing/manage.js';
import { startFaultProxy, type FaultProxy, type ProxiedRequest } from '../support/fault-proxy.js';
import { signRequest } from '../../shared/protocol/merchant-api/request-signature.js';

/** How a payment the counterpart is told to expect ends. */
export type Scenario = 'approved' | 'declined' | '3ds' | 'soft-declined';
/** Which field of an answer names another payment. */
export type Mismatch = 'reference' | 'amount' | 'currency';

export interface Capabilities {
  /** It calls its acquirer over HTTP: the network's faults apply. */
  network: boolean;
  /** It runs 3DS (a challenge, then completeChallenge). */
  threeDs: boolean;
  /**
   * What its inquiry can find: 'reference' a transaction that got no answer (asked by our reference); 'acquirer-id'
   * only one whose acquirer id it was told (a lost answer waits for the webhook); 'none' it has no inquiry.
   */
  inquiry: 'reference' | 'acquirer-id' | 'none';
  /** Follow-ups (capture, refund, void) are all decided at once ('decided'), or some accepted and decided later ('pending'). */
  followUps: 'decided' | 'pending';
  /** The acquirer notifies the platform (POST /providers/{slug}/notifications). */
  webhooks: boolean;
  /**
   * A signed approval that arrives after the reconciler gave up is reversed at the acquirer (docs/reconciliation.md
   * "Late outcomes"); false where the acquirer's notifications cannot say so (the case is then named, not run).
   */
  lateApproval: boolean;
}

/** A notification as the acquirer delivers it. */
export interface Delivery {
  body: string;
  headers: Record<string, string>;
}

/** A connector's counterpart, as the kit drives it. */
export interface Counterpart {
  name: string;
  capabilities: Capabilities;
  /** Starts the counterpart (Prism, a merchant at the upstream …) once the platform runs. */
  start(platform: RunningPlatform): Promise<void>;
  /** Where the proxy passes requests on to (network connectors). */
  target(): string;
  /** The connector, calling its counterpart through the proxy's URL (the MID's settings). */
  connector(platform: RunningPlatform): Connector;
  /** The MID's settings and credentials, its URL the proxy's (undefined for a connector without network). */
  mid(url: string | undefined): NewMid;
  /**
   * Arms the counterpart so that the next payment ends as `scenario`; the card to pay with. `soft-declined`: a decline
   * routing cascades on ("Issuer unavailable", "Do not honour"), with a card the sandbox approves on a later attempt
   * (expiry 04/2038).
   */
  next(scenario: Scenario): ConnectorCard;
  /** The payer completes the acquirer's 3DS step, approved: what the payer brings back (completeChallenge's payerReturn). */
  authenticate?(
    challenge: Extract<ConnectorOutcome, { kind: 'challenge' }>,
    proxy: FaultProxy | undefined,
  ): Promise<Record<string, string> | undefined>;
  /** The acquirer's own refusal of a request it is already processing (a duplicate). */
  duplicateRefusal?: { status: number; body: unknown };
  /**
   * The next answer to the payment's request (`pay`) or to its 3DS completion (`completion`: what the payer brought
   * back, or what the acquirer answers, is another payment's) names another payment: `field` differs.
   */
  answerAboutAnother(field: Mismatch, call: 'pay' | 'completion', proxy: FaultProxy | undefined): void;
  /** Where its notifications arrive: POST /providers/{slug}/notifications. */
  slug?: string;
  /**
   * The acquirer's signed notification that the payment was authorised, or that its capture was; `rrn`: the
   * acquirer's payment id as recorded (absent when its answer was lost).
   */
  webhook?(p: { transId: string; rrn?: string; amount: number; currency: string }, event: 'authorised' | 'captured'): Promise<Delivery>;
  /** A request that moves money (a payment, a follow-up, a completion), as opposed to a lookup. */
  movesMoney(r: ProxiedRequest): boolean;
  /** Findings of the counterpart on our requests (Prism's request validation): none expected. */
  violations(): string[];
  stop(): Promise<void> | void;
}

/** Short: a fault that holds the answer fails the call at this deadline. */
const DEADLINE_MS = 3_000;

export function connectorKit(c: Counterpart): void {
  describe(`connector kit: ${c.name}`, () => {
    let platform: RunningPlatform;
    let proxy: FaultProxy | undefined;
    let merchant: Merchant;
    let mid: Mid;
    let registry: ConnectorCatalogue;

    beforeAll(async () => {
      platform = await startTestPlatform();
      await c.start(platform);
      proxy = c.capabilities.network ? await startFaultProxy(c.target()) : undefined;
      merchant = await testMerchant({ mids: [c.mid(proxy?.url)] });
      mid = (await deps().merchants.get(merchant.clientKey))!.mids[0]!;
      registry = new ConnectorCatalogue(
        [{ connector: c.connector(platform), policy: { timeoutMs: DEADLINE_MS, inquiryRetries: 0 } }],
        deps().merchants,
        'sandbox',
      );
    }, 180_000);

    afterAll(async () => {
      await proxy?.close();
      await c.stop();
      await platform?.stop();
    });

    afterEach(() => {
      expect(c.violations().splice(0)).toEqual([]);
      expect(proxy?.armed() ?? false, 'the armed fault met its request').toBe(false);
    });

    const request = (scenario: Scenario, authorize = false): ConnectorPaymentRequest => {
      const transId = randomUUID();
      return {
        transId,
        orderId: `order-${transId.slice(0, 8)}`,
        description: 'Connector kit',
        amount: 1050,
        currency: 'USD',
        card: c.next(scenario),
        authorize,
        externalThreeDs: false,
        returnUrl: 'https://merchant.example/3ds-return',
        payer: {
          firstName: 'Jane',
          lastName: 'Doe',
          email: 'doe@example.com',
          phone: '+15555550100',
          address: '1 Main St',
          country: 'US',
          state: 'CA',
          city: 'Springfield',
          zip: '12345',
        },
        payerIp: '203.0.113.7',
        browser: { acceptHeader: 'text/html', userAgent: 'Mozilla/5.0' },
      };
    };
    const acquirerId = (o: ConnectorOutcome | undefined) =>
      o?.kind === 'approved' || o?.kind === 'declined'
        ? o.rrn
        : o?.kind === 'pending' || o?.kind === 'challenge'
          ? o.acquirerRef
          : undefined;
    /** The connector bound to the payment, as follow-ups and inquiries use it. */
    const forPayment = (req: ConnectorPaymentRequest, outcome?: ConnectorOutcome) => {
      const card = req.card!;
      const rrn = acquirerId(outcome);
      return registry.forPayment({
        transId: req.transId,
        clientKey: merchant.clientKey,
        midId: mid.midId,
        connector: c.name,
        orderId: req.orderId!,
        action: 'SALE',
        payerEmail: req.payer?.email,
        card: { bin: card.number.slice(0, 6), last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear },
        ...(rrn ? { rrn } : {}),
      });
    };
    const bound = () => registry.forMid(merchant.clientKey, mid);
    const inquiry = (req: ConnectorPaymentRequest, type: string, attemptId = req.transId) => ({
      transId: req.transId,
      attemptId,
      type,
      amount: req.amount,
      currency: req.currency,
      startedAt: new Date().toISOString(),
      card: { expMonth: req.card!.expMonth, expYear: req.card!.expYear },
    });
    /** What moved money at the acquirer since `mark` (the proxy's count). */
    const movedSince = (mark: number) => (proxy ? proxy.received.slice(mark).filter((r) => c.movesMoney(r)) : []);
    const mark = () => proxy?.received.length ?? 0;
    /** A decision (approved or declined) or 'unknown': a call that was never sent twice and never decided wrongly. */
    const accepted = (o: ConnectorOutcome) => expect(['approved', 'pending']).toContain(o.kind);

    /** A follow-up's final outcome: at once, or by the inquiry where the connector decides later. */
    async function settled(
      pay: ConnectorPaymentRequest,
      payOutcome: ConnectorOutcome,
      o: ConnectorOutcome,
      followUp: { type: string; amount: number; attemptId?: string },
    ) {
      accepted(o);
      if (c.capabilities.followUps === 'decided') expect(o.kind).toBe('approved');
      if (o.kind === 'approved' || c.capabilities.inquiry === 'none') return;
      const bnd = await forPayment(pay, payOutcome);
      const asked = {
        ...inquiry(pay, followUp.type, followUp.attemptId),
        amount: followUp.amount,
        earlier: [{ type: 'SALE', amount: pay.amount, status: 'success' as const }],
      };
      // Accepted: decided at the acquirer a moment later.
      const answer = await eventually(async () => {
        const a = await bnd.inquire(asked);
        return a === 'unknown' ? undefined : a;
      });
      expect(answer).toMatchObject({ kind: 'approved' });
    }

    describe('the behaviours the platform relies on', () => {
      it("SALE: approved, an acquirer's answer names its payment, sent once", async () => {
        const req = request('approved');
        const m = mark();
        const o = await bound().pay(req);
        expect(o).toMatchObject({ kind: 'approved' });
        // An acquirer's answer names the payment it is about (the registry binds it); the sandbox is its own acquirer.
        if (proxy) expect(o.about).toMatchObject({ reference: req.transId });
        if (proxy) expect(movedSince(m)).toHaveLength(1);
      });

      it('a decline is a decline, with a reason', async () => {
        const o = await bound().pay(request('declined'));
        expect(o).toMatchObject({ kind: 'declined', reason: expect.any(String) });
      });

      it('AUTH then CAPTURE: held, then captured once', async () => {
        const req = request('approved', true);
        const auth = await bound().pay(req);
        expect(auth).toMatchObject({ kind: 'approved' });
        const m = mark();
        const capture = await (
          await forPayment(req, auth)
        ).capture({
          transId: req.transId,
          amount: req.amount,
          currency: req.currency,
          card: { expMonth: req.card!.expMonth, expYear: req.card!.expYear },
        });
        await settled(req, auth, capture, { type: 'CAPTURE', amount: req.amount });
        if (proxy) expect(movedSince(m)).toHaveLength(1);
      });

      it('REFUND of a SALE: accepted once, each refund by its own attempt', async () => {
        const req = request('approved');
        const sale = await bound().pay(req);
        const m = mark();
        const attemptId = randomUUID();
        const refund = await (
          await forPayment(req, sale)
        ).refund({ transId: req.transId, attemptId, amount: 500, currency: req.currency, reversal: false });
        await settled(req, sale, refund, { type: 'REFUND', amount: 500, attemptId });
        if (proxy) expect(movedSince(m)).toHaveLength(1);
      });

      it('VOID of a SALE: accepted once', async () => {
        const req = request('approved');
        const sale = await bound().pay(req);
        const m = mark();
        const voided = await (await forPayment(req, sale)).void({ transId: req.transId, amount: req.amount, currency: req.currency });
        await settled(req, sale, voided, { type: 'VOID', amount: req.amount });
        if (proxy) expect(movedSince(m)).toHaveLength(1);
      });

      it.skipIf(!c.capabilities.threeDs)(
        `3DS: a challenge, then the completion approves the payment it names${c.capabilities.threeDs ? '' : ` (not applicable: ${c.name} declares no 3DS)`}`,
        async () => {
          const req = request('3ds');
          const challenge = await bound().pay(req);
          expect(challenge).toMatchObject({ kind: 'challenge' });
          const payerReturn = await c.authenticate!(challenge as Extract<ConnectorOutcome, { kind: 'challenge' }>, proxy);
          const done = await (
            await forPayment(req, challenge)
          ).completeChallenge({ ...req, type: (challenge as { type: '3DS' | 'REDIRECT' }).type, ...(payerReturn ? { payerReturn } : {}) });
          expect(done).toMatchObject({ kind: 'approved', about: { reference: req.transId } });
        },
      );

      it.skipIf(c.capabilities.inquiry === 'none')(
        `inquiry: a payment's outcome asked again agrees with its answer${c.capabilities.inquiry === 'none' ? ` (not applicable: ${c.name} declares no inquiry)` : ''}`,
        async () => {
          for (const scenario of ['approved', 'declined'] as const) {
            const req = request(scenario);
            const o = await bound().pay(req);
            expect(await (await forPayment(req, o)).inquire(inquiry(req, 'SALE'))).toMatchObject({ kind: o.kind });
          }
        },
      );
    });

    describe(`the acquirer's bad days${c.capabilities.network ? '' : ` (not applicable: ${c.name} declares no network)`}`, () => {
      const network = c.capabilities.network;
      const arm = (fault: Parameters<FaultProxy['arm']>[0]) => proxy!.arm(fault, (r) => c.movesMoney(r));

      /** The payment fails (undetermined), was sent once, and what the acquirer did is found later, never a decline. */
      async function undetermined(req: ConnectorPaymentRequest) {
        const m = mark();
        const err = await bound()
          .pay(req)
          .then(
            (o) => o,
            (e: unknown) => e,
          );
        expect(err, 'no answer is never an outcome').toBeInstanceOf(Error);
        expect(err).not.toBeInstanceOf(AnswerMismatchError);
        expect(movedSince(m)).toHaveLength(1);
        // The acquirer processed it: an inquiry by our reference finds it approved; by its id only, it cannot ask.
        const found = await (await forPayment(req)).inquire(inquiry(req, 'SALE'));
        if (c.capabilities.inquiry === 'reference') expect(found).toMatchObject({ kind: 'approved' });
        else expect(found).toBe('unknown');
      }

      it.skipIf(!network)('a reset after the request was written: undetermined, sent once', async () => {
        arm({ kind: 'reset' });
        await undetermined(request('approved'));
      });

      it.skipIf(!network)('a timeout (the answer held past the deadline): undetermined, sent once', async () => {
        arm({ kind: 'timeout' });
        await undetermined(request('approved'));
      });

      it.skipIf(!network)('a 5xx: undetermined, sent once', async () => {
        arm({ kind: 'answer', status: 502, body: {} });
        await undetermined(request('approved'));
      });

      it.skipIf(!network)('a duplicate / in-progress refusal: undetermined (never a decline), sent once', async () => {
        arm({ kind: 'answer', ...c.duplicateRefusal! });
        await undetermined(request('approved'));
      });

      for (const field of ['reference', 'amount', 'currency'] as const) {
        it.skipIf(!network)(`an answer about another payment (its ${field} differs): no answer, never an approval`, async () => {
          const req = request('approved');
          c.answerAboutAnother(field, 'pay', proxy);
          await expect(bound().pay(req)).rejects.toThrow(AnswerMismatchError);
        });
      }

      // The payer brings another payment's 3DS result back (a 1.00 payment's at a 1,000.00 payment's return address).
      for (const field of ['reference', 'amount', 'currency'] as const) {
        it.skipIf(!network || !c.capabilities.threeDs)(
          `a 3DS completion answered about another payment (its ${field} differs): no answer, never an approval`,
          async () => {
            const req = request('3ds');
            const challenge = await bound().pay(req);
            expect(challenge).toMatchObject({ kind: 'challenge' });
            const payerReturn = await c.authenticate!(challenge as Extract<ConnectorOutcome, { kind: 'challenge' }>, proxy);
            c.answerAboutAnother(field, 'completion', proxy);
            const completion = { ...req, type: (challenge as { type: '3DS' | 'REDIRECT' }).type, ...(payerReturn ? { payerReturn } : {}) };
            await expect((await forPayment(req, challenge)).completeChallenge(completion)).rejects.toThrow(AnswerMismatchError);
          },
        );
      }

      for (const followUp of ['capture', 'refund', 'void'] as const) {
        it.skipIf(!network)(`a reset under a ${followUp}: undetermined, sent once`, async () => {
          const req = request('approved', followUp === 'capture');
          const o = await bound().pay(req);
          const bnd = await forPayment(req, o);
          arm({ kind: 'reset' });
          const m = mark();
          const money = { transId: req.transId, amount: req.amount, currency: req.currency };
          const call =
            followUp === 'capture'
              ? bnd.capture(money)
              : followUp === 'refund'
                ? bnd.refund({ ...money, attemptId: randomUUID(), reversal: false })
                : bnd.void(money);
          await expect(call).rejects.toThrow();
          expect(movedSince(m)).toHaveLength(1);
        });
      }
    });

    // Through the platform: a merchant whose MID uses the connector, its callbacks received, the acquirer's
    // notifications delivered to the platform's endpoint.
    describe(`webhooks${c.capabilities.webhooks ? '' : ` (not applicable: ${c.name} declares no webhooks)`}`, () => {
      const hooks = c.capabilities.webhooks;
      let shop: MerchantServer;
      let shopper: Merchant;
      beforeAll(async () => {
        if (!hooks) return;
        shop = await startMerchantServer();
        shopper = await testMerchant({ notificationUrl: shop.url, mids: [c.mid(proxy?.url)] });
        injectConnector(c.connector(platform));
      });
      afterAll(async () => {
        if (!hooks) return;
        restoreConnectors();
        await shop?.close();
      });

      const post = (fields: Record<string, FormValue | undefined>) => postForm(`${platform.url}/post`, fields);
      const cardFields = (card: ConnectorCard) => ({
        card_number: card.number,
        card_exp_month: card.expMonth,
        card_exp_year: card.expYear,
        card_cvv2: card.cvv,
      });
      const deliver = (w: Delivery) =>
        fetch(`${platform.url}/providers/${c.slug}/notifications`, { method: 'POST', headers: w.headers, body: w.body }).then(
          (r) => r.status,
        );
      const callbacks = (transId: string) => shop.received.filter((cb) => cb.fields.trans_id === transId);
      const stored = async (transId: string) => (await deps().payments.get(transId))!;
      /** Every callback the platform owes for the payment was delivered (its count, not a clock). */
      const callbacksSettled = (transId: string) =>
        eventually(async () => (await stored(transId)).callbackCount === callbacks(transId).length || undefined);
      const settledAs = (transId: string, status: string) => eventually(async () => (await stored(transId)).status === status || undefined);

      it.skipIf(!hooks)(
        'a webhook replayed (again, and twice at once) for a payment whose answer was lost: settled and called back once, nothing sent again',
        async () => {
          proxy!.arm({ kind: 'reset' }, (r) => c.movesMoney(r));
          const m = mark();
          const res = await post(saleFields(shopper, cardFields(c.next('approved'))));
          expect(res.body).toMatchObject({ result: 'UNDEFINED' });
          const transId = res.body.trans_id as string;
          const w = await c.webhook!({ transId, amount: 1000, currency: 'USD' }, 'authorised');
          expect(await deliver(w)).toBe(200);
          expect(await Promise.all([deliver(w), deliver(w)])).toEqual([200, 200]);
          expect(await deliver(w)).toBe(200);
          await settledAs(transId, 'SETTLED');
          await callbacksSettled(transId);
          expect(callbacks(transId).filter((cb) => cb.fields.result === 'SUCCESS')).toHaveLength(1);
          expect(movedSince(m)).toHaveLength(1);
        },
      );

      it.skipIf(!hooks)(
        'a webhook about an earlier cascade attempt: acknowledged, the payment on its later attempt unchanged',
        async () => {
          const m = await testMerchant({ notificationUrl: shop.url, mids: [{ name: 'kit', ...c.mid(proxy?.url) }, { name: 'next' }] });
          const { mids } = (await deps().merchants.get(m.clientKey))!;
          const [first, second] = [mids.find((x) => x.name === 'kit')!, mids.find((x) => x.name === 'next')!];
          await setRouting(deps(), m.clientKey, {
            maxAttempts: 2,
            rules: [
              {
                match: {},
                mids: [
                  { midId: first.midId, weight: 100 },
                  { midId: second.midId, weight: 0 },
                ],
              },
            ],
          });
          const res = await post(saleFields(m, cardFields(c.next('soft-declined'))));
          expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
          const transId = res.body.trans_id as string;
          const before = await stored(transId);
          expect(before.midId).toBe(second.midId);
          // The first attempt's (our reference without an attempt), signed for the first MID, saying it was authorised.
          const w = await c.webhook!({ transId, amount: 1000, currency: 'USD' }, 'authorised');
          expect(await deliver(w)).toBe(200);
          expect(await stored(transId)).toMatchObject({ status: 'SETTLED', midId: second.midId, version: before.version });
        },
      );

      /** The merchant moves its own test clock through the signed merchant API. */
      async function advanceClock(m: Merchant, by: string): Promise<void> {
        const path = '/api/v1/merchant/clock';
        const body = JSON.stringify({ advance_by: by });
        const headers = signRequest(m.clientKey, m.password, { method: 'POST', path, query: '', body });
        const res = await fetch(platform.url + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
        expect(res.status).toBe(200);
      }

      const late = hooks && c.capabilities.lateApproval;
      it.skipIf(!late)(
        `a late success after the give-up: the payment stays declined, reversed at the acquirer once, recorded${hooks && !late ? ` (not applicable: ${c.name} declares no late approvals)` : ''}`,
        async () => {
          // A merchant of its own: its clock moves past the reconciler's 24 h give-up.
          const m = await testMerchant({ notificationUrl: shop.url, mids: [c.mid(proxy?.url)] });
          proxy!.arm({ kind: 'reset' }, (r) => c.movesMoney(r));
          const res = await post(saleFields(m, cardFields(c.next('approved'))));
          expect(res.body).toMatchObject({ result: 'UNDEFINED' });
          const transId = res.body.trans_id as string;
          // An acquirer the reconciler can ask by our reference would settle the payment: it cannot be reached (a 502
          // to every lookup about it, retries included) until the reconciler has given up.
          const askable = c.capabilities.inquiry === 'reference';
          if (askable)
            proxy!.arm({ kind: 'answer', status: 502, body: {} }, (r) => !c.movesMoney(r) && r.body.includes(transId), {
              untilDisarmed: true,
            });
          await advanceClock(m, '25h');
          await platform.runScheduled('Reconciler');
          await settledAs(transId, 'DECLINED');
          if (askable) expect(proxy!.disarm(), 'the reconciler asked the acquirer').toBeGreaterThan(0);
          await callbacksSettled(transId);
          const before = callbacks(transId).length;

          const since = mark();
          const w = await c.webhook!({ transId, amount: 1000, currency: 'USD' }, 'authorised');
          expect(await Promise.all([deliver(w), deliver(w)])).toEqual([200, 200]);
          expect(await deliver(w)).toBe(200);
          const p = await stored(transId);
          expect(p.status).toBe('DECLINED');
          expect(p.details.lateOutcomes ?? []).toEqual(
            expect.arrayContaining([expect.objectContaining({ handling: 'reverse', attemptId: transId })]),
          );
          // The reversal, once however often the approval is delivered; the merchant's DECLINED stays true.
          expect(movedSince(since)).toHaveLength(1);
          expect(callbacks(transId)).toHaveLength(before);
        },
      );

      it.skipIf(!hooks)("webhooks out of order (an AUTH's after its CAPTURE's): captured once, nothing declined", async () => {
        const res = await post(saleFields(shopper, { auth: 'Y', ...cardFields(c.next('approved')) }));
        expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
        const transId = res.body.trans_id as string;
        const capture = await post(transIdFields(shopper, 'CAPTURE', transId, { extra: { amount: '10.00' } }));
        expect(['SUCCESS', 'UNDEFINED']).toContain(capture.body.result);
        const { rrn } = await stored(transId);
        const about = { transId, ...(rrn ? { rrn } : {}), amount: 1000, currency: 'USD' };
        const captured = await c.webhook!(about, 'captured');
        const authorised = await c.webhook!(about, 'authorised');
        expect(await deliver(captured)).toBe(200);
        expect(await deliver(authorised)).toBe(200);
        await settledAs(transId, 'SETTLED');
        await callbacksSettled(transId);
        expect(callbacks(transId).filter((cb) => cb.fields.action === 'CAPTURE' && cb.fields.result === 'SUCCESS')).toHaveLength(1);
        // A capture accepted for later says so (UNDEFINED) first; nothing is declined, and the late AUTH's adds nothing.
        expect(callbacks(transId).filter((cb) => cb.fields.result === 'DECLINED')).toEqual([]);
        expect(callbacks(transId).filter((cb) => cb.fields.action !== 'CAPTURE').length).toBeLessThanOrEqual(1);
      });
    });
  });
}
