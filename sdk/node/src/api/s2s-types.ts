/** Answers of the S2S endpoints, as the platform sends them (wire names). Fields the SDK does not list stay readable. */

export type S2sResultCode = 'SUCCESS' | 'DECLINED' | 'REDIRECT' | 'ACCEPTED' | 'UNDEFINED' | 'INIT';
export type S2sStatus = '3DS' | 'REDIRECT' | 'PENDING' | 'PREPARE' | 'SETTLED' | 'REVERSAL' | 'REFUND' | 'VOID' | 'CHARGEBACK' | 'DECLINED';

export interface S2sResult {
  action: string;
  result: S2sResultCode;
  status?: S2sStatus;
  order_id?: string;
  trans_id?: string;
  trans_date?: string;
  descriptor?: string;
  amount?: string;
  currency?: string;
  decline_reason?: string;
  /** REDIRECT: where to send the payer, how, and with which parameters (object on /post, list on /v2/post). */
  redirect_url?: string;
  redirect_method?: string;
  redirect_params?: Record<string, string> | Array<{ name: string; value: string }>;
  card_token?: string;
  recurring_token?: string;
  schedule_id?: string;
  [field: string]: unknown;
}

export interface ScheduleInfo extends S2sResult {
  name?: string;
  interval_length?: number | string;
  interval_unit?: 'day' | 'month';
  day_of_month?: number | string;
  payments_count?: number | string;
  paused?: 'Y' | 'N';
}
