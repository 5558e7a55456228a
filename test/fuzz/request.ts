/**
 * One fuzz case as it goes over the wire, kept as plain data so a failing case prints exactly (and replays with curl).
 */
export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Path plus query string, sent as is (it may hold broken percent-encoding on purpose). */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzResponse {
  status: number;
  contentType: string;
  text: string;
}

/** Sends the request; a refused or reset connection is reported as status 0 (the platform stopped answering). */
export async function send(baseUrl: string, req: FuzzRequest): Promise<FuzzResponse> {
  try {
    const res = await fetch(`${baseUrl}${req.path}`, {
      method: req.method,
      headers: req.headers,
      body: req.method === 'GET' ? undefined : req.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
  } catch (err) {
    return {
      status: 0,
      contentType: '',
      text: `request failed: ${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`,
    };
  }
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…[${s.length} chars]` : s);

/** A readable form of the case; huge values are clipped but their length is kept. */
export function describeRequest(req: FuzzRequest, max = 2000): string {
  const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${clip(JSON.stringify(v), 200)}`);
  return [
    `${req.method} ${clip(req.path, max)}`,
    ...headers,
    req.body === undefined ? '(no body)' : `body: ${clip(JSON.stringify(req.body), max)}`,
  ].join('\n  ');
}

/** A curl command that replays the case (for the report); only sensible for bodies of reasonable size. */
export function curlFor(baseUrl: string, req: FuzzRequest): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const parts = ['curl -si -X', req.method, q(`${baseUrl}${req.path}`)];
  for (const [k, v] of Object.entries(req.headers)) parts.push('-H', q(`${k}: ${v}`));
  if (req.body !== undefined) parts.push('--data-binary', q(req.body));
  return parts.join(' ');
}
