/**
 * The payment request's browser_info under the callback's browser attribute names (spec "Events": browser_color_depth
 * ... browser_platform), so hosted-fields callbacks carry them like S2S CARD ones. accept_header is the spec's
 * browser_accept_headers.
 */
const NAMES: Record<string, string> = {
  color_depth: 'browser_color_depth',
  screen_height: 'browser_screen_height',
  screen_width: 'browser_screen_width',
  java_enabled: 'browser_java_enabled',
  java_script_enabled: 'browser_javascript_enabled',
  language: 'browser_language',
  time_zone_offset: 'browser_timezone_offset',
  user_agent: 'browser_user_agent',
  accept_header: 'browser_accept_headers',
  platform: 'browser_platform',
};

export function browserAttributesOf(browserInfo: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(browserInfo)) {
    const name = NAMES[key];
    if (name && value !== undefined && value !== '') out[name] = value;
  }
  return out;
}
