/** A `--file` of JSON for the admin CLI (routing rules, risk rules): what cannot be read or parsed is named. */
import { readFile } from 'node:fs/promises';

export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(`--file: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { cause: err });
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`--file: ${file} is not JSON (${(err as Error).message})`, { cause: err });
  }
}
