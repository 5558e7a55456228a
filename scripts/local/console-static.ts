/**
 * The console's pages from console/dist, as CloudFront + S3 serve them deployed: hashed assets cached for good,
 * index.html for every other /console path (the app routes in the fragment), with the console's security headers.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { ServerResponse } from 'node:http';
import { CONSOLE_PAGE_HEADERS } from '../../shared/entry/routes/console.js';
import { CONSOLE_DIST } from './console-build.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

export function isConsolePage(method: string, path: string): boolean {
  return method === 'GET' && (path === '/console' || (path.startsWith('/console/') && !path.startsWith('/console/api/')));
}

export async function serveConsole(path: string, res: ServerResponse): Promise<void> {
  if (path === '/console') {
    res.writeHead(301, { location: '/console/' });
    return void res.end();
  }
  const rel = normalize(path.slice('/console/'.length)).replace(/^(\.\.[/\\])+/, '');
  const asset = rel.startsWith('assets/') ? rel : 'index.html';
  try {
    const body = await readFile(join(CONSOLE_DIST, asset));
    res.writeHead(200, {
      ...CONSOLE_PAGE_HEADERS,
      'content-type': TYPES[extname(asset)] ?? 'application/octet-stream',
      'cache-control': asset === 'index.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: asset === 'index.html' ? 'The console is not built: npm run build -w console' : 'Not Found' }));
  }
}
