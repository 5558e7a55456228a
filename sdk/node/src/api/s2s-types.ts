/**
 * Answers of the S2S endpoints, as the platform sends them (wire names): the platform's own answer declarations
 * (@open-payments/protocol answers.ts, generated from them), one per action; these names group them.
 */
import type {
  S2sAcceptedAnswer,
  S2sCaptureAnswer,
  S2sCardDetailsAnswer,
  S2sCardPaymentAnswer,
  S2sCardStatusAnswer,
  S2sScheduleAnswer,
  S2sScheduleInfoAnswer,
  S2sVoidAnswer,
} from '@open-payments/protocol';

/** The values `result` and `status` take: the platform's own sets (generated with the answers). */
export type { S2sResultCode, S2sStatus } from '@open-payments/protocol';

/** Any S2S CARD answer; each method returns its own. */
export type S2sResult =
  | S2sCardPaymentAnswer
  | S2sCardStatusAnswer
  | S2sCardDetailsAnswer
  | S2sCaptureAnswer
  | S2sVoidAnswer
  | S2sAcceptedAnswer
  | S2sScheduleAnswer
  | S2sScheduleInfoAnswer;

export type ScheduleInfo = S2sScheduleInfoAnswer;
