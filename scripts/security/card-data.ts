/**
 * Finds raw card data where it must never be (README: "Neither a PAN nor a CVV reaches a log"; card numbers are
 * stored only sealed): in DynamoDB items (values and attribute names) and in log text. Pure functions, shared by
 * scripts/security/scan-card-data.ts (operators, CI of a stage) and test/integration/security/card-data-scan.test.ts.
 */

export interface CardNeedles {
  /** Full card numbers, digits only. */
  pans: string[];
  /** CVVs used in the flows: pick values that appear nowhere else (e.g. 7391), or every 4-digit number would match. */
  cvvs: string[];
}

export interface Finding {
  /** Where: "item pk=… sk=… at order.card" or "log line 12". */
  where: string;
  what: 'pan' | 'cvv' | 'cvv-named attribute';
  /** The offending text around the match, with the digits kept (it is test or leaked data that must be seen). */
  excerpt: string;
}

/** A PAN with or without separators: spaces, dashes, dots, '+' or %20 (form-encoded), between any digits. */
export function panPattern(pan: string): RegExp {
  const digits = pan.replace(/\D/g, '').split('');
  return new RegExp(`(?<![0-9])${digits.join('(?:[\\s\\-.+_/]|%20|%2D|\\\\u0020)?')}(?![0-9])`, 'g');
}

/**
 * A CVV as a value of its own: not part of a longer number, word or base64 run (ciphertext may contain any digits,
 * so "…ab7391cd…" is not a finding, but "7391", "cvv=7391" or `"7391"` are).
 */
export function cvvPattern(cvv: string): RegExp {
  return new RegExp(`(?<![0-9A-Za-z+/])${cvv}(?![0-9A-Za-z+/=])`, 'g');
}

/** Attribute or JSON key names that would hold a CVV (whatever the value looks like). */
export const CVV_NAME = /cvv|cvc|cvn|cav2|cid\b|security[_-]?code|card[_-]?code/i;

function excerpt(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - 40), index + length + 40).replace(/\s+/g, ' ');
}

/**
 * UUIDs (request ids, trans_ids, function_request_id) are random hex: one of their 4-character groups is a 4-digit
 * CVV now and then. Blanked out (same length, so excerpts stay where they were) before looking for CVVs only: a CVV
 * is never written as a UUID group, and one anywhere else, as a value, is still found.
 */
const UUID = /(?<![0-9A-Za-z])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9A-Za-z])/gi;
const withoutUuids = (text: string): string => text.replace(UUID, (id) => '#'.repeat(id.length));

export function scanText(text: string, needles: CardNeedles, where: string): Finding[] {
  const findings: Finding[] = [];
  for (const pan of needles.pans)
    for (const m of text.matchAll(panPattern(pan))) findings.push({ where, what: 'pan', excerpt: excerpt(text, m.index, m[0].length) });
  const cvvText = withoutUuids(text);
  for (const cvv of needles.cvvs)
    for (const m of cvvText.matchAll(cvvPattern(cvv))) findings.push({ where, what: 'cvv', excerpt: excerpt(text, m.index, m[0].length) });
  return findings;
}

/** Every line of a log (JSON lines or text): PANs, CVVs, and JSON keys named like a CVV. */
export function scanLog(text: string, needles: CardNeedles, name = 'log'): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, i) => {
    const where = `${name} line ${i + 1}`;
    findings.push(...scanText(line, needles, where));
    for (const m of line.matchAll(/"([^"\\]{1,100})"\s*:/g))
      if (CVV_NAME.test(m[1]!)) findings.push({ where, what: 'cvv-named attribute', excerpt: excerpt(line, m.index, m[0].length) });
  });
  return findings;
}

/** One DynamoDB item (as unmarshalled by the document client): every value, at any depth, and every attribute name. */
export function scanItem(item: Record<string, unknown>, needles: CardNeedles): Finding[] {
  const id = `item pk=${String(item.pk)} sk=${String(item.sk)}`;
  const findings: Finding[] = [];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') findings.push(...scanText(value, needles, `${id} at ${path}`));
    else if (typeof value === 'number' || typeof value === 'bigint') findings.push(...scanText(String(value), needles, `${id} at ${path}`));
    else if (value instanceof Uint8Array)
      findings.push(...scanText(Buffer.from(value).toString('latin1'), needles, `${id} at ${path} (binary)`));
    else if (value instanceof Set) [...value].forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [k, child] of Object.entries(value)) {
        const at = path ? `${path}.${k}` : k;
        if (CVV_NAME.test(k)) findings.push({ where: `${id} at ${at}`, what: 'cvv-named attribute', excerpt: k });
        findings.push(...scanText(k, needles, `${id} name of ${at}`));
        walk(child, at);
      }
    }
  };
  walk(item, '');
  return findings;
}
