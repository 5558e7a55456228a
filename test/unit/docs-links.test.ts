/**
 * Every relative link in README.md and docs/*.md points at a file or folder that exists, so moving a page cannot
 * leave the README's index or a page's cross-reference dangling. Links into bench/ are skipped while that
 * workspace does not exist yet; web links, mail links and same-page anchors are not checked.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { relativeLinks } from '../support/markdown-links.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f));
  return [join(ROOT, 'README.md'), ...docs];
}

function brokenLinks(file: string): string[] {
  const hasBench = existsSync(join(ROOT, 'bench'));
  return relativeLinks(readFileSync(file, 'utf8')).filter((link) => {
    const target = join(dirname(file), decodeURIComponent(link.split('#')[0]!));
    if (!hasBench && relative(ROOT, target).split(/[\\/]/)[0] === 'bench') return false;
    return !existsSync(target);
  });
}

describe('relative links in README.md and docs/*.md', () => {
  it.each(pages().map((p) => [relative(ROOT, p), p]))('%s: every relative link resolves', (_name, file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});

describe('relativeLinks', () => {
  it('finds inline links and images, not web links, anchors or links inside code', () => {
    const text = [
      'See [a](docs/a.md), [b](b.md#part "title") and ![pic](img/p.png).',
      'Not [web](https://example.com), [mail](mailto:x@example.com) or [here](#section).',
      '```sh',
      'echo [x](missing.md)',
      '```',
      'Inline `[y](missing.md)` code is skipped too; [c](<with space.md>).',
    ].join('\n');
    expect(relativeLinks(text)).toEqual(['docs/a.md', 'b.md#part', 'img/p.png', 'with space.md']);
  });

  it('a missing target is reported', () => {
    expect(relativeLinks('[gone](no-such-page.md)').filter((l) => !existsSync(join(ROOT, 'docs', l)))).toEqual(['no-such-page.md']);
  });
});
