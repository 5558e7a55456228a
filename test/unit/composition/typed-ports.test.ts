/**
 * composition() types a function's Deps as exactly the ports its table names, and each operation declares the ports
 * it reads (`Pick<Deps, …>`): a handler composing fewer ports than its operation reads does not compile. tsc checks
 * the `@ts-expect-error` lines (test files are in tsconfig.json's include: an error that stops happening fails the
 * typecheck); vitest runs the rest.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Deps } from '../../../shared/operations/deps.js';
import { composition } from '../../../shared/entry/composition/compose.js';
import { clock, config } from '../../../shared/entry/composition/core.js';
import { merchants } from '../../../shared/entry/composition/merchants.js';
import { payments } from '../../../shared/entry/composition/payments.js';
import { checkoutApiHandler } from '../../../shared/entry/http/checkout.js';
import { consoleRoute } from '../../../shared/entry/http/console.js';
import { paymentStatus } from '../../../shared/operations/checkout/status.js';
import { listMerchants } from '../../../shared/operations/console/merchants.js';

describe('typed composition', () => {
  it("types a function's Deps as the ports its table names, and no others", () => {
    const ports = composition({ config, clock, merchants });
    expectTypeOf(ports).returns.toEqualTypeOf<Pick<Deps, 'config' | 'clock' | 'merchants'>>();
    expectTypeOf(ports()).not.toHaveProperty('payments');
  });

  it('compiles a handler whose composition holds the ports its operation declares', () => {
    expectTypeOf(paymentStatus).parameter(0).toEqualTypeOf<Pick<Deps, 'payments' | 'merchants'>>();
    const run = async (d: Pick<Deps, 'payments' | 'merchants'>, body: string, ip: string | undefined) => ({
      body: await paymentStatus(d, body, ip),
    });
    const ports = composition({ config, clock, payments, merchants });
    const handler = checkoutApiHandler('POST /api/v1/payment/status', ports, run);
    expect(typeof handler).toBe('function');
  });

  it('refuses a handler that leaves out a port its operation reads', () => {
    // paymentStatus reads the merchant's account (merchants), which this composition leaves out.
    const run = async (d: Pick<Deps, 'payments' | 'merchants'>, body: string, ip: string | undefined) => ({
      body: await paymentStatus(d, body, ip),
    });
    const ports = composition({ config, clock, payments });
    // @ts-expect-error Property 'merchants' is missing
    const handler = checkoutApiHandler('POST /api/v1/payment/status', ports, run);
    expect(typeof handler).toBe('function');
    // And an operation given the composition directly.
    // @ts-expect-error Property 'merchants' is missing
    expect(() => paymentStatus(composition({ payments })(), '{}', undefined)).toBeTypeOf('function');
  });

  it('refuses a console function whose composition leaves out a port its operation reads', () => {
    // listMerchants declares ConsoleContext<Pick<Deps, 'merchants'>>.
    const withMerchants = consoleRoute('GET /console/api/merchants', { ports: composition({ config, merchants }) }, async ({ cx, p }) => ({
      body: await listMerchants(cx, p),
    }));
    expect(typeof withMerchants).toBe('function');
    const without = consoleRoute('GET /console/api/merchants', { ports: composition({ config }) }, async ({ cx, p }) => ({
      // @ts-expect-error Property 'merchants' is missing
      body: await listMerchants(cx, p),
    }));
    expect(typeof without).toBe('function');
  });
});
