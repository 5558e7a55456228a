/**
 * Import cycles among the shared/ files: a cycle of value imports makes load order matter (a module can see
 * another's export still undefined while both load) and ties files that should change apart. Type-only imports are
 * erased at run time and left out of that check; with them, no circle may span more than three files (a knot a
 * reader cannot follow: the 26-file one through the payment core and Deps, issue 37 §1).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importsOf } from './layers.js';

/** Repository-relative file → the repository-relative .ts files it imports values from. */
export type ImportGraph = Map<string, string[]>;

function walk(root: string, dir: string, out: string[]): void {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) walk(root, rel, out);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
  }
}

/**
 * The value-import graph of every .ts file under `dir` (repository-relative) of `root`, edges kept inside `dir`;
 * with `types`, type-only imports too (the graph a reader follows, and the one that ties files together).
 */
export function valueImportGraph(root: string, dir: string, { types = false }: { types?: boolean } = {}): ImportGraph {
  const files: string[] = [];
  walk(root, dir, files);
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = importsOf(file, readFileSync(join(root, file), 'utf8'))
      .filter((imp) => (types || !imp.typeOnly) && imp.target)
      .map((imp) => [imp.target!, `${imp.target}.ts`, `${imp.target}/index.ts`].find((t) => known.has(t) && existsSync(join(root, t))))
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle as its strongly connected component (Tarjan), each sorted, the list sorted by first file. */
export function cyclesOf(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) out.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
