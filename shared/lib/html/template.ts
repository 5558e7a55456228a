/**
 * HTML with every interpolation escaped unless it is already HTML: `html\`<p>${name}</p>\`` escapes `name`; a value
 * built by `html` (or marked `trusted`, for the platform's own constant markup: scripts, styles, SVG it draws) goes
 * in as it is. So a page can only show a value as text unless its code says otherwise, in one place per fragment.
 * Arrays are joined (each item by the same rule); undefined, null and false render nothing, so
 * `${cond && html\`…\`}` reads as it should.
 */
export class SafeHtml {
  constructor(private readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element or a quoted attribute value. Not exported: pages escape through `html` alone. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, s, i) => out + render(values[i - 1] as HtmlValue) + s));
}

/** Markup the platform wrote itself (a constant script or style, an SVG it drew): never a request's value. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** A value as JSON for a `<script type="application/json">` element: `<` is written \u003c so it cannot close it. */
export function jsonScript(value: unknown): SafeHtml {
  return new SafeHtml(JSON.stringify(value).replace(/</g, '\\u003c'));
}

/** Fragments with a separator between them (an array alone is joined with nothing). */
export function joinHtml(items: readonly HtmlValue[], separator: string): SafeHtml {
  return new SafeHtml(items.map(render).join(separator));
}
