/** CORS for web and Capacitor apps (native apps send no Origin): only the configured origins, only POST with JSON. */
export function corsHeaders(origin: string | undefined, allowed: string[]): Record<string, string> {
  if (!origin || !allowed.includes(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': 'authorization, content-type, accept',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}
