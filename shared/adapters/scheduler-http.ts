/**
 * EventBridge Scheduler's CreateSchedule as one signed HTTPS request (restJson1: POST /schedules/{Name}). The only
 * Scheduler call the platform makes; the SDK client for it, with its REST protocol, was ~39 KiB of every payment
 * function that may start an APM deadline. Signed with the SDK's own SigV4 signer, retried as the SDK's standard
 * mode retries (throttling, 5xx and network errors, 3 attempts with jittered backoff).
 */
import { randomUUID } from 'node:crypto';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

export interface SchedulerHttpSettings {
  region: string;
  /** Set locally and in tests (moto); otherwise the region's public endpoint. */
  endpoint?: string;
  credentials: () => { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Per attempt. */
  timeoutMs?: number;
}

/** CreateSchedule's input as Scheduler's API names it (ClientToken is added here). */
export interface CreateScheduleInput {
  Name: string;
  GroupName: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone: string;
  FlexibleTimeWindow: { Mode: 'OFF' };
  ActionAfterCompletion: 'DELETE' | 'NONE';
  Target: {
    Arn: string;
    RoleArn: string;
    EventBridgeParameters: { Source: string; DetailType: string };
    Input: string;
    RetryPolicy: { MaximumRetryAttempts: number; MaximumEventAgeInSeconds: number };
  };
}

/** Scheduler refused the request: `type` is its error type (ConflictException, ValidationException, ...). */
export class SchedulerError extends Error {
  constructor(
    readonly type: string,
    readonly status: number,
    message: string,
  ) {
    super(`${type}: ${message}`);
    this.name = type;
  }
}

const ATTEMPTS = 3;
const retryable = (status: number) => status === 429 || status >= 500;
const THROTTLING = new Set(['ThrottlingException', 'TooManyRequestsException']);

export class SchedulerHttp {
  private readonly url: URL;

  constructor(private readonly settings: SchedulerHttpSettings) {
    this.url = new URL(settings.endpoint ?? `https://scheduler.${settings.region}.amazonaws.com`);
  }

  /** Creates the schedule; 'exists' when one of that name is in the group already (ConflictException). */
  async createSchedule(input: CreateScheduleInput): Promise<'created' | 'exists'> {
    const { Name, ...rest } = input;
    // One token for every attempt: a retry of a schedule that was created is not a second one.
    const body = JSON.stringify({ ...rest, ClientToken: randomUUID() });
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.send(`/schedules/${encodeURIComponent(Name)}`, body);
      } catch (err) {
        const again = err instanceof SchedulerError ? retryable(err.status) || THROTTLING.has(err.type) : true;
        if (!again || attempt >= ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(20_000, 100 * 2 ** attempt)));
      }
    }
  }

  private async send(path: string, body: string): Promise<'created' | 'exists'> {
    const { url, settings } = this;
    const signer = new SignatureV4({ service: 'scheduler', region: settings.region, credentials: settings.credentials(), sha256: Sha256 });
    const basePath = url.pathname.replace(/\/$/, '');
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: `${basePath}${path}`,
      query: {},
      headers: { host: url.host, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    const res = await fetch(new URL(`${basePath}${path}`, url), {
      method: 'POST',
      headers: Object.fromEntries(Object.entries(signed.headers).filter(([k]) => k !== 'host' && k !== 'content-length')),
      body,
      signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    if (res.ok) return 'created';
    const type = errorType(res.headers.get('x-amzn-errortype'), text) ?? `Http${res.status}`;
    if (type === 'ConflictException') return 'exists';
    throw new SchedulerError(type, res.status, errorMessage(text) ?? res.statusText);
  }
}

/** restJson1 names the error in X-Amzn-ErrorType ("Type:uri"), else in the body's __type or code. */
function errorType(header: string | null, text: string): string | undefined {
  const raw = header ?? parse(text)?.__type ?? parse(text)?.code;
  if (typeof raw !== 'string' || !raw) return undefined;
  return raw.split(':')[0]!.split('#').pop();
}

function errorMessage(text: string): string | undefined {
  const body = parse(text);
  const m = body?.message ?? body?.Message;
  return typeof m === 'string' ? m : undefined;
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
