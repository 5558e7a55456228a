/**
 * The words of one page language, read from its JSON file on first use: beside the bundle on Lambda (the page
 * routes' bundleFiles, PAGE_TEXT_FILES), under ./i18n/ when run from the sources. A page function so carries no
 * dictionary in its code, and a container reads only the languages its payers use.
 */
import { readFileSync } from 'node:fs';
import { SPEC_LANGUAGES, type LanguageCode } from '../protocol/language-codes.js';
import type { PageText } from './i18n/types.js';

/** Repository paths of the dictionaries, for the routes that render pages (RouteDefinition.bundleFiles). */
export const PAGE_TEXT_FILES: readonly string[] = SPEC_LANGUAGES.map((c) => `shared/pages/i18n/${c.toLowerCase()}.json`);

const loaded = new Map<LanguageCode, PageText>();

export function pageText(code: LanguageCode): PageText {
  let text = loaded.get(code);
  if (!text) {
    text = JSON.parse(read(`${code}.json`)) as PageText;
    loaded.set(code, text);
  }
  return text;
}

function read(file: string): string {
  for (const candidate of [`./${file}`, `./i18n/${file}`]) {
    try {
      return readFileSync(new URL(candidate, import.meta.url), 'utf8');
    } catch {
      /* next */
    }
  }
  throw new Error(`The page text ${file} is missing beside the bundle (bundleFiles: PAGE_TEXT_FILES)`);
}
