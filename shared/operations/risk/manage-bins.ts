/**
 * BIN-country data for the risk rules' `binCountries` and `payerCountryDiffersFromBin` (docs/risk.md): imported by an
 * operator from a file (bin-file.ts), one item per BIN, read by the check with its other keys. A BIN imported again
 * takes the new country; nothing is written unless the whole file is right.
 */
import type { Deps } from '../deps.js';
import { parseBinFile } from './bin-file.js';

export async function importBins(d: Pick<Deps, 'riskAdmin'>, text: string): Promise<{ imported: number }> {
  const bins = parseBinFile(text);
  await d.riskAdmin.saveBins(bins);
  return { imported: bins.length };
}
