/**
 * The BIN-country file an operator imports (`npm run admin -- risk bins import --file bins.csv`, docs/risk.md): one
 * entry a line, `BIN,COUNTRY` (a 6- or 8-digit BIN) or `FIRST-LAST,COUNTRY` (a range of BINs of one length, at most
 * 10000 of them), COUNTRY an ISO 3166-1 alpha-2 code; blank lines, `#` comments and a `bin,country` header are skipped.
 * Every problem is named by its line; a BIN given twice with two countries is one.
 */

/** More BINs in one range than this is a file someone meant differently (a range of 8-digit BINs is 10^n items). */
export const MAX_RANGE = 10_000;

export interface BinCountry {
  /** 6 or 8 digits. */
  bin: string;
  country: string;
}

export class BinFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`The BIN file is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function parseBinFile(text: string): BinCountry[] {
  const problems: string[] = [];
  const found = new Map<string, { country: string; line: number }>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const content = raw.replace(/#.*$/, '').trim();
    if (!content || (line === 1 && /^bin\s*,\s*country$/i.test(content))) return;
    const cells = content.split(',').map((c) => c.trim());
    if (cells.length !== 2) return void problems.push(`Line ${line}: expected "BIN,COUNTRY" or "FIRST-LAST,COUNTRY", got "${content}".`);
    const [binText, countryText] = cells as [string, string];
    const country = countryText.toUpperCase();
    if (!/^[A-Z]{2}$/.test(country))
      problems.push(`Line ${line}: "${countryText}" is not an ISO 3166-1 alpha-2 country code (two letters).`);
    const bins = binsOf(binText, line, problems);
    for (const bin of bins) {
      const earlier = found.get(bin);
      if (earlier && earlier.country !== country)
        problems.push(`Line ${line}: BIN ${bin} is ${country} here but ${earlier.country} on line ${earlier.line}.`);
      else if (!earlier) found.set(bin, { country, line });
    }
  });
  if (!found.size && !problems.length) problems.push('The file has no BINs.');
  if (problems.length) throw new BinFileError(problems);
  return [...found].map(([bin, v]) => ({ bin, country: v.country }));
}

function binsOf(text: string, line: number, problems: string[]): string[] {
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(text);
  const [first, last] = range ? [range[1]!, range[2]!] : [text, text];
  for (const b of new Set([first, last])) {
    if (!/^\d{6}(\d{2})?$/.test(b)) {
      problems.push(`Line ${line}: "${b}" is not a BIN (6 or 8 digits).`);
      return [];
    }
  }
  if (first.length !== last.length)
    return (void problems.push(`Line ${line}: a range's two ends have the same length (${first}-${last}).`), []);
  const [from, to] = [Number(first), Number(last)];
  if (from > to) return (void problems.push(`Line ${line}: the range ${first}-${last} ends before it starts.`), []);
  if (to - from + 1 > MAX_RANGE)
    return (void problems.push(`Line ${line}: the range ${first}-${last} holds ${to - from + 1} BINs; at most ${MAX_RANGE} a line.`), []);
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(String(n).padStart(first.length, '0'));
  return out;
}
