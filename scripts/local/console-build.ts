/**
 * Builds the console's pages (console/, Vite) when console/dist is missing or older than its sources: `npm start` and
 * the test run serve what this produced.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONSOLE_ROOT = resolve(fileURLToPath(new URL('../../console', import.meta.url)));
export const CONSOLE_DIST = join(CONSOLE_ROOT, 'dist');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export function consoleBuildIsCurrent(): boolean {
  const index = join(CONSOLE_DIST, 'index.html');
  if (!existsSync(index)) return false;
  const sources = Math.max(
    newest(join(CONSOLE_ROOT, 'src')),
    statSync(join(CONSOLE_ROOT, 'index.html')).mtimeMs,
    statSync(join(CONSOLE_ROOT, 'vite.config.ts')).mtimeMs,
  );
  return statSync(index).mtimeMs >= sources;
}

export async function ensureConsoleBuilt(): Promise<void> {
  if (consoleBuildIsCurrent()) return;
  const { build } = await import('vite');
  await build({ root: CONSOLE_ROOT, configFile: join(CONSOLE_ROOT, 'vite.config.ts'), logLevel: 'warn' });
}
