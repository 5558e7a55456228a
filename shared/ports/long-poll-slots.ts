/**
 * How many long polls of one merchant may wait at once (the callback feed's `wait`): every waiting request holds one of
 * the route's reserved executions, so one merchant must not be able to hold them all.
 */
export interface LongPollSlots {
  /** Claims a free slot until `until` (ISO), or undefined when all are held. A crashed holder's slot frees at `until`. */
  claim(clientKey: string, until: string, now: string): Promise<number | undefined>;
  /** Frees the slot, if it is still the one claimed until `until`. */
  release(clientKey: string, slot: number, until: string): Promise<void>;
}
