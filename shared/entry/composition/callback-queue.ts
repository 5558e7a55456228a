/** The payment side of the callback queue: the table's stream forwards what the state change recorded (no SQS here). */
import { streamHandOff } from '../../adapters/aws/stream-hand-off.js';
import type { CallbackQueue } from '../../ports/callback-queue.js';

export const callbackQueue = (): CallbackQueue => streamHandOff;
