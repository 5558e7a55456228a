/** Browser attributes sent by the merchant for 3DS (echoed as the 6.7.0 browser attributes). */
import type { FieldReader } from '../fields.js';

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

export function readBrowser(f: FieldReader): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of BROWSER_FIELDS) {
    const value = f.optional(name, { max: 2048 });
    if (value !== undefined) out[name] = value;
  }
  return out;
}
