/** The page template: every interpolated value is text unless it is already HTML. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { html, trusted } from '../../../shared/lib/html/template.js';

describe('html`…`', () => {
  it('escapes text in elements and attributes', () => {
    const name = `<script>alert("x")</script> & 'y'`;
    expect(String(html`<p title="${name}">${name}</p>`)).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>',
    );
  });

  it('keeps fragments built with html and trusted markup as they are, escaping inside them once', () => {
    const item = (v: string) => html`<li>${v}</li>`;
    expect(String(html`<ul>${['a<b', 'c&d'].map(item)}</ul>${trusted('<svg/>')}`)).toBe('<ul><li>a&lt;b</li><li>c&amp;d</li></ul><svg/>');
  });

  it('renders nothing for undefined, null and false; numbers as text', () => {
    expect(String(html`[${undefined}${null}${false}${0}${12.5}]`)).toBe('[012.5]');
  });

  it('a string value can neither open a tag nor leave an attribute, and reads back as itself (property)', () => {
    const decode = (t: string) =>
      t.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('<', '>', '"', "'", '&', 'a', ';', '#', ' ') }), (text) => {
        const out = String(html`${text}`);
        expect(out).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|#39);)/);
        expect(decode(out)).toBe(text);
      }),
    );
  });
});
