/**
 * docs/snippets.md shows the snippet files verbatim: each `<!-- snippet: PATH -->` marker is followed by a code
 * block equal to docs/PATH, and every file under docs/snippets/ is on the page (the files are what
 * snippets.test.ts runs, so the page cannot show code that was not tested).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';

const DOCS = join(REPO_ROOT, 'docs');
const page = readFileSync(join(DOCS, 'snippets.md'), 'utf8');
const included = [...page.matchAll(/<!-- snippet: (\S+) -->\n```\w+\n([\s\S]*?)```\n/g)].map((m) => ({ path: m[1]!, code: m[2]! }));

it('shows each included file exactly as it is', () => {
  expect(included.length).toBeGreaterThan(0);
  for (const { path, code } of included) expect(code, path).toBe(readFileSync(join(DOCS, path), 'utf8'));
});

it('includes every file under docs/snippets/, each once', () => {
  const files = readdirSync(join(DOCS, 'snippets'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `snippets/${join(e.parentPath, e.name).slice(join(DOCS, 'snippets').length + 1)}`)
    .sort();
  expect(included.map((i) => i.path).sort()).toEqual(files);
});

it('has no marker without its code block', () => {
  expect(page.match(/<!-- snippet: /g)?.length).toBe(included.length);
});
