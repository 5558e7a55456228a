/**
 * How the registry calls a connector (ports/connector.ts ConnectorPolicy): every call has a deadline, after which the
 * platform treats the transaction as undetermined (the reconciler asks later); only inquiries, which change nothing
 * at the acquirer, are tried again. A payment, capture, refund or void is never sent twice by the platform: a
 * repeated one could move money twice.
 */
import type { ConnectorPolicy } from '../../ports/connector.js';

/** What a network timeout towards an acquirer looks like to the platform. */
export class AcquirerTimeoutError extends Error {}

/** Calls without their own policy: generous, since the sandbox may be slowed down on purpose (SANDBOX_LATENCY_MS). */
export const DEFAULT_POLICY: ConnectorPolicy = { timeoutMs: 60_000, inquiryRetries: 0 };

/** Runs one call with the policy's deadline; the signal lets a connector abort its I/O when the deadline passes. */
export async function withDeadline<T>(policy: ConnectorPolicy, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AcquirerTimeoutError(`acquirer did not answer within ${policy.timeoutMs} ms`));
    }, policy.timeoutMs);
  });
  try {
    return await Promise.race([call(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** An idempotent call (an inquiry): tried again after a failure, up to the policy's retries, with a short pause. */
export async function withRetries<T>(policy: ConnectorPolicy, call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (attempt >= policy.inquiryRetries) throw err;
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
  }
}
