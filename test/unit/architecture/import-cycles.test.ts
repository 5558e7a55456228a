/**
 * No cycle of value imports among the shared/ files (import-cycles.ts walks them; `import type` is left out). The
 * checker itself is tried on a planted cycle, and on the same cycle broken by a type-only import.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';
import { cyclesOf, valueImportGraph } from './import-cycles.js';

/**
 * Cycles known and left to other work, each as its sorted files with the reason. A new cycle fails, and so does an
 * entry no longer found, so the list only shrinks. Empty since attempt ⇄ late-answer ⇄ recover and
 * kms-data-keys ⇄ local-key-escrow were broken (recorded-event.ts, data-key-context.ts).
 */
const KNOWN_CYCLES: { files: string[]; why: string }[] = [];

describe('the shared/ files', () => {
  const cycles = cyclesOf(valueImportGraph(REPO_ROOT, 'shared'));
  const known = (c: string[]) => KNOWN_CYCLES.some((k) => k.files.join() === c.join());

  it('import one another without a cycle', () => {
    expect(cycles.filter((c) => !known(c)).map((c) => c.join(' ⇄ '))).toEqual([]);
  });

  it('list only known cycles that still exist (delete an entry once its cycle is gone)', () => {
    expect(KNOWN_CYCLES.filter((k) => !cycles.some((c) => c.join() === k.files.join())).map((k) => k.files.join(' ⇄ '))).toEqual([]);
  });
});

/** The most files an import circle counting type-only imports may span (a type and its two users, say). */
const MAX_CIRCLE = 3;

describe('the shared/ files, type-only imports included', () => {
  it(`import one another in no circle over ${MAX_CIRCLE} files`, () => {
    const circles = cyclesOf(valueImportGraph(REPO_ROOT, 'shared', { types: true })).filter((c) => c.length > MAX_CIRCLE);
    expect(circles.map((c) => `${c.length} files: ${c.join(' ⇄ ')}`)).toEqual([]);
  });
});

describe('the cycle checker', () => {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const plant = (files: Record<string, string>) => {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), source);
    }
  };

  it('finds a planted three-file cycle, through a directory index, and only that', () => {
    plant({
      'shared/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'shared/b.ts': "export { c as b } from './c/index.js';\n",
      'shared/c/index.ts': "import { a } from '../a.js';\nimport { d } from '../d.js';\nexport const c = () => [a, d];\n",
      'shared/d.ts': 'export const d = 1;\n',
    });
    expect(cyclesOf(valueImportGraph(root, 'shared'))).toEqual([['shared/a.ts', 'shared/b.ts', 'shared/c/index.ts']]);
  });

  it('leaves out a type-only import, unless asked to follow types', () => {
    plant({ 'shared/c/index.ts': "import type { a } from '../a.js';\nexport const c = (x: typeof a) => x;\n" });
    expect(cyclesOf(valueImportGraph(root, 'shared'))).toEqual([]);
    expect(cyclesOf(valueImportGraph(root, 'shared', { types: true }))).toEqual([['shared/a.ts', 'shared/b.ts', 'shared/c/index.ts']]);
  });

  it('finds a four-file circle of type imports, the size the repository check refuses', () => {
    plant({
      'shared/c/index.ts':
        "import type { a } from '../a.js';\nimport type { d } from '../d.js';\nexport const c = (x: typeof a, y: typeof d) => [x, y];\n",
    });
    plant({ 'shared/d.ts': "import type { a } from './a.js';\nexport const d = 1;\nexport type D = typeof a;\n" });
    plant({ 'shared/a.ts': "import { b } from './b.js';\nimport type { D } from './d.js';\nexport const a = (x?: D) => [b, x];\n" });
    const circles = cyclesOf(valueImportGraph(root, 'shared', { types: true }));
    expect(circles.map((c) => c.length)).toEqual([4]);
    expect(circles[0]!.length).toBeGreaterThan(MAX_CIRCLE);
  });
});
