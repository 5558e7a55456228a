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

/** The values `result` takes (the answers type it as text). */
export type S2sResultCode = 'SUCCESS' | 'DECLINED' | 'REDIRECT' | 'ACCEPTED' | 'UNDEFINED' | 'INIT';
/** The values `status` takes. */
export type S2sStatus = '3DS' | 'REDIRECT' | 'PENDING' | 'PREPARE' | 'SETTLED' | 'REVERSAL' | 'REFUND' | 'VOID' | 'CHARGEBACK' | 'DECLINED';

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
