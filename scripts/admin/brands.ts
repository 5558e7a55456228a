/**
 * `npm run admin -- brands list [--json]`: the APM brand catalogue, from the descriptors in shared/protocol/apm/brands.
 * `npm run admin -- brands docs [--write]`: the brand table of docs/s2s-apm.md (printed, or written into the file).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { brandsMarkdown, catalogueRows, withBrandsTable } from './brands-table.js';

export const DOCS_PATH = new URL('../../docs/s2s-apm.md', import.meta.url);

export function runBrandsCommand(cmd: string | undefined, args: string[]): string {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' }, write: { type: 'boolean' } } });
  switch (cmd) {
    case 'list': {
      const rows = catalogueRows();
      if (values.json) return JSON.stringify(rows, null, 2);
      const pad = (s: string, n: number) => s.padEnd(n);
      return rows
        .map(
          (r) =>
            `${pad(r.brand, 18)} ${pad(r.flow, 15)} ${pad(r.available ? 'available' : 'not served', 11)} ${pad(r.actions.join(','), 28)} ${r.fields.length} field(s)${r.collect.length ? `; page asks ${r.collect.join(', ')}` : ''}`,
        )
        .join('\n');
    }
    case 'docs': {
      if (!values.write) return brandsMarkdown();
      writeFileSync(DOCS_PATH, withBrandsTable(readFileSync(DOCS_PATH, 'utf8')));
      return `updated ${DOCS_PATH.pathname}`;
    }
    default:
      throw new Error('usage: brands list [--json] | brands docs [--write]');
  }
}
