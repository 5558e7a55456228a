/** Browser attributes sent by the merchant for 3DS (echoed as the 6.7.0 browser attributes). */
import type { FieldReader } from '../fields.js';
import { optional, readFields } from '../form-spec.js';

export const BROWSER_FIELDS = [
  'browser_color_depth',
  'browser_screen_height',
  'browser_screen_width',
  'browser_java_enabled',
  'browser_javascript_enabled',
  'browser_language',
  'browser_timezone_offset',
  'browser_user_agent',
  'browser_accept_headers',
  'browser_platform',
] as const;

export const BROWSER_SPEC = Object.fromEntries(BROWSER_FIELDS.map((name) => [name, optional({ max: 2048 })])) as Record<
  (typeof BROWSER_FIELDS)[number],
  ReturnType<typeof optional>
>;

export function readBrowser(f: FieldReader): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(readFields(f, BROWSER_SPEC))) if (value !== undefined) out[name] = value;
  return out;
}
