/**
 * GET /hosted-fields/frame/{field}?token=…&origin=…&channel=…: which field, the parent page's origin exactly as
 * window.location.origin spells it, and the BroadcastChannel name the frames of one form share.
 */
/** The fields a frame can hold: the request names one, the page renders it. */
export const FIELDS = ['card', 'expiry', 'cvv'] as const;
export type HostedField = (typeof FIELDS)[number];

export interface FrameRequest {
  field: HostedField;
  token?: string;
  parentOrigin: string;
  channel: string;
}

export interface RawFrameRequest {
  field?: string;
  token?: string;
  origin?: string;
  channel?: string;
}

/** An http(s) origin exactly as window.location.origin spells it. */
function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === value ? value : undefined;
  } catch {
    return undefined;
  }
}

/** undefined: not a frame this platform serves (the page says so, 400). */
export function readFrameRequest(raw: RawFrameRequest): FrameRequest | undefined {
  const field = raw.field as HostedField;
  const parentOrigin = originOf(raw.origin);
  if (!FIELDS.includes(field) || !parentOrigin || !/^[A-Za-z0-9_-]{8,64}$/.test(raw.channel ?? '')) return undefined;
  return { field, token: raw.token, parentOrigin, channel: raw.channel! };
}
