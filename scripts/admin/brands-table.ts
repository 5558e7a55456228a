/**
 * The brand table of docs/s2s-apm.md and the catalogue rows of `npm run admin -- brands list`, both rendered from the
 * descriptors. A test fails when the docs hold another table than this renders (test/unit/apm/catalogue.test.ts).
 */
import type { BrandDescriptor, FieldSpec } from '../../shared/protocol/apm/descriptor.js';
import { allBrands } from '../../shared/protocol/apm/catalogue.js';
import { buildApmConnectors } from '../../shared/adapters/connectors/index.js';
import { S2S_APM_ACTIONS } from '../../shared/operations/s2s-apm/index.js';

export const DOCS_START =
  '<!-- brands:start (generated from shared/protocol/apm/brands by `npm run admin -- brands docs --write`; do not edit) -->';
export const DOCS_END = '<!-- brands:end -->';

const PRESENCE = { required: 'R', optional: 'O', conditional: 'C' } as const;

/** One field's rule in words: "R, exactly 16 characters". */
export function describeField(spec: FieldSpec): string {
  const parts: string[] = [PRESENCE[spec.presence]];
  if (spec.when) parts[0] += ` (R when payer_country is ${spec.when.payerCountry.join(', ')})`;
  const l = spec.length;
  if (l?.exact !== undefined) parts.push(`exactly ${l.exact} characters`);
  else if (l?.min !== undefined && l.max !== undefined) parts.push(`${l.min}–${l.max} characters`);
  else if (l?.max !== undefined) parts.push(`≤${l.max}`);
  if (spec.oneOf) parts.push(spec.oneOf.length > 6 ? `one of ${spec.oneOf.length} values` : `one of ${spec.oneOf.join('/')}`);
  if (spec.number)
    parts.push(`number${spec.number.integer ? ' (integer)' : ''}${spec.number.maxDigits ? `, ≤${spec.number.maxDigits} digits` : ''}`);
  if (spec.format)
    parts.push({ 'datetime-utc': 'ISO 8601 UTC datetime', currency: 'ISO 4217 code', base64: 'base64', swift: 'SWIFT code' }[spec.format]);
  if (spec.pattern && spec.patternMessage)
    parts.push(
      spec.patternMessage.replace(/^This value should (have|not contain) /, (_, v) => (v === 'have' ? '' : 'no ')).replace(/\.$/, ''),
    );
  if (spec.equalsPayerName) parts.push("equal to the payer's name");
  if (spec.items)
    parts.push(
      `list of {${Object.entries(spec.items)
        .map(([k, v]) => `${k}: ${describeField(v)}`)
        .join('; ')}}`,
    );
  if (spec.doc && !spec.equalsPayerName) parts.push(spec.doc);
  return parts.join(', ');
}

const fields = (specs: Readonly<Record<string, FieldSpec>> | undefined, wrap: (n: string) => string): string[] =>
  Object.entries(specs ?? {}).map(([name, spec]) => `${wrap(name)} ${describeField(spec)}`);

/** The sandbox identifiers of a brand's flow. */
export function sandboxOutcomes(d: BrandDescriptor): string {
  if (d.brand === 'vcard') return 'see "Sandbox: brand vcard"';
  if (!brandServed(d)) return 'not served yet';
  if (d.flow === 'payout') return 'success@ (or none) → SETTLED; fail@ → DECLINED';
  if (d.flow === 'direct') return 'success@ (or none) → SETTLED; fail@ → DECLINED; pending@ → REDIRECT, outcome by notification';
  if (d.flow === 'crypto-address')
    return "success@ / pending@ (or none) → SUCCESS/PENDING with crypto_address and crypto_network, callback result=INIT, settled by the provider's notification; fail@ → DECLINED";
  if (d.flow === 'qr')
    return 'success@ (or none) → REDIRECT to the QR page, Pay / Reject there; fail@ → DECLINED; pending@ → REDIRECT, the page waits: unpaid after the QR lifetime → DECLINED "expired"';
  if (d.flow === 'bank-window')
    return 'success@ (or none) → REDIRECT to the transfer instructions, Pay / Reject there; fail@ → DECLINED; pending@ → REDIRECT, the page waits: unconfirmed after 5 minutes → DECLINED "expired"';
  if (d.flow === 'redirect')
    return 'success@ (or none) → REDIRECT, Pay / Reject on the page; fail@ → DECLINED; pending@ → REDIRECT, outcome by notification';
  return 'not yet served';
}

/** The platform's configured APM providers (they need no resources to say which brands they serve). */
// The catalogue as a sandbox stage serves it (a live stage has no APM provider yet).
const providers = buildApmConnectors('sandbox');

/** A provider carries its flow and S2S APM offers one of its actions (CREDIT2CRYPTO is not offered yet). */
export function brandServed(d: BrandDescriptor): boolean {
  return providers.forBrand(d.brand) !== undefined && d.actions.some((a) => S2S_APM_ACTIONS.has(a === 'AUTH' ? 'SALE' : a));
}

export interface CatalogueRow {
  brand: string;
  group: string;
  flow: string;
  actions: string[];
  currencies: string[] | 'any';
  identifier: string;
  fields: string[];
  collect: string[];
  checkoutPage: boolean;
  provider: string;
  available: boolean;
  sandbox: string;
  note?: string;
}

export function catalogueRows(): CatalogueRow[] {
  return allBrands().map((d) => ({
    brand: d.brand,
    group: d.group,
    flow: d.flow,
    actions: [...d.actions],
    currencies: d.currencies ? [...d.currencies] : 'any',
    identifier: d.identifier,
    fields: [...fields(d.request, (n) => `\`${n}\``), ...fields(d.parameters, (n) => `\`parameters[${n}]\``)],
    collect: [...(d.collect ?? [])],
    checkoutPage: d.checkoutPage === true,
    provider: d.provider,
    available: brandServed(d),
    sandbox: sandboxOutcomes(d),
    ...(d.note ? { note: d.note } : {}),
  }));
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The Markdown table, between its markers. */
export function brandsMarkdown(): string {
  const head =
    '| Brand | Method | Flow | Actions | Currencies | `identifier` | Fields (R required, O optional, C conditional) | Asked on the page when absent | Checkout page | Sandbox |\n|---|---|---|---|---|---|---|---|---|---|';
  const rows = catalogueRows().map((r) =>
    [
      `\`${r.brand}\``,
      r.group,
      r.available ? r.flow : `${r.flow} (not served yet: 204004)`,
      r.actions.map((a) => (a === 'AUTH' ? 'SALE auth=Y' : a)).join(', '),
      r.currencies === 'any' ? 'any' : r.currencies.join(', '),
      r.identifier === 'required' ? 'R' : 'O',
      r.fields.length ? r.fields.join('<br>') : '—',
      r.collect.length ? r.collect.map((c) => `\`${c}\``).join(', ') : '—',
      r.checkoutPage ? 'yes' : '—',
      r.sandbox + (r.note ? `. ${r.note}` : ''),
    ]
      .map(cell)
      .join(' | '),
  );
  return [DOCS_START, head, ...rows.map((r) => `| ${r} |`), DOCS_END].join('\n');
}

/** docs text with its generated table replaced by the current one. */
export function withBrandsTable(doc: string): string {
  const start = doc.indexOf('<!-- brands:start');
  const end = doc.indexOf(DOCS_END);
  if (start < 0 || end < 0) throw new Error('docs/s2s-apm.md has no brands table markers');
  return doc.slice(0, start) + brandsMarkdown() + doc.slice(end + DOCS_END.length);
}
