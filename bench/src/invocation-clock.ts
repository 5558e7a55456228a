/** Handler time and in-flight invocations per function, from the local platform's invocation hook. */
import { observeInvocations } from '../../scripts/local/invocations.js';

export class InvocationClock {
  private readonly inFlight = new Map<string, number>();
  readonly ms = new Map<string, number[]>();
  /** Records per invocation (batch sizes), per function. */
  readonly records = new Map<string, number[]>();
  /** Records per invocation fed by a queue mapping (SQS events), per function: each such batch is a receive and a delete. */
  readonly queueRecords = new Map<string, number[]>();

  constructor() {
    observeInvocations({
      started: (inv) => this.inFlight.set(inv.functionName, (this.inFlight.get(inv.functionName) ?? 0) + 1),
      finished: (inv, ms) => {
        this.inFlight.set(inv.functionName, (this.inFlight.get(inv.functionName) ?? 1) - 1);
        const list = this.ms.get(inv.functionName) ?? [];
        list.push(ms);
        this.ms.set(inv.functionName, list);
        const batches = this.records.get(inv.functionName) ?? [];
        batches.push(inv.records);
        this.records.set(inv.functionName, batches);
        if (inv.fromQueue) this.queueRecords.set(inv.functionName, [...(this.queueRecords.get(inv.functionName) ?? []), inv.records]);
      },
    });
  }

  /** Resolves once no invocation has run for `quietMs` (the callback consumer finished what it picked up). */
  async idle(quietMs = 300, timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() < until) {
      const busy = [...this.inFlight.values()].some((n) => n > 0);
      if (busy) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  reset(): void {
    this.ms.clear();
    this.records.clear();
    this.queueRecords.clear();
  }

  stop(): void {
    observeInvocations(undefined);
  }
}
