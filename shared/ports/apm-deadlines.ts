/** The APM deadline sweeper's work list: payments whose QR or bank-transfer window passed (shared/domain/apm-deadline.ts). */
export interface ApmDeadlines {
  /** trans_ids whose deadline is before `now` (ISO), oldest first. */
  dueBefore(now: string, limit?: number): Promise<string[]>;
}
