/**
 * Imports cross the layers only inward (test/unit/architecture/layers.ts has the rule): functions → entry/http →
 * operations → pages → protocol, domain, ports; protocol imports neither pages, operations, http nor the composition
 * root; adapters are imported only by the composition root (shared/entry/composition/); only adapters import @aws-sdk;
 * other folders reach the payment core only through its index.ts; every file of shared/ sits in a layer's folder.
 * The checker itself is tried on planted bad imports.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';
import { checkFile, checkTree, describeViolation, importsOf, PENDING } from './layers.js';

describe('the repository', () => {
  const { violations, usedPending } = checkTree(REPO_ROOT);

  it('has no import crossing the layers the wrong way', () => {
    expect(violations.map(describeViolation)).toEqual([]);
  });

  it('lists only pending exceptions that are still needed (delete an entry once its import is gone)', () => {
    expect(PENDING.filter((p) => !usedPending.has(p)).map((p) => `${p.from} → ${p.to}`)).toEqual([]);
  });
});

describe('the checker', () => {
  const root = mkdtempSync(join(tmpdir(), 'layering-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const plant = (files: Record<string, string>) => {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), source);
    }
  };

  // The fixture's files at the layers' real paths, written whole, so moving a layer's folder (and the paths naming
  // it) moves the fixture too; `spec` writes the import between two of them as the code would.
  const F = {
    pay: 'shared/operations/pay.ts',
    opsDeps: 'shared/operations/deps.ts',
    sneaky: 'shared/operations/sneaky.ts',
    wire: 'shared/protocol/wire.ts',
    form: 'shared/protocol/form.ts',
    page: 'shared/protocol/page.ts',
    endpoint: 'shared/entry/http/endpoint.ts',
    root: 'shared/entry/composition/deps.ts',
    store: 'shared/adapters/aws/store.ts',
    health: 'functions/health.ts',
    money: 'shared/domain/money.ts',
    htmlPage: 'shared/pages/s2s-card/threeds-page.ts',
    reader: 'shared/protocol/s2s-card/reader.ts',
    stray: 'shared/stray.ts',
  };
  const spec = (from: string, to: string) => {
    const path = relative(dirname(from), to).replace(/\.ts$/, '.js');
    return path.startsWith('.') ? path : `./${path}`;
  };

  it('catches planted bad imports and a file outside the layers in a fixture tree, and only those', () => {
    plant({
      [F.pay]: `import type { Deps } from '${spec(F.pay, F.opsDeps)}';\nimport { wire } from '${spec(F.pay, F.wire)}';\nexport const pay = (d: Deps) => wire(d);\n`,
      [F.wire]: `import { pay } from '${spec(F.wire, F.pay)}';\nexport const wire = (x: unknown) => x;\nexport { pay };\n`,
      [F.page]: `const render = () => import('${spec(F.page, F.endpoint)}');\nexport { render };\n`,
      [F.root]: `import { Store } from '${spec(F.root, F.store)}';\nexport type Deps = { store: Store };\n`,
      [F.store]: "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport class Store { c = new DynamoDBClient({}); }\n",
      [F.sneaky]: `import { Store } from '${spec(F.sneaky, F.store)}';\nimport { SQSClient } from '@aws-sdk/client-sqs';\nexport const s = [Store, SQSClient];\n`,
      [F.health]: `import { Store } from '${spec(F.health, F.store)}';\nexport const handler = async () => new Store();\n`,
      [F.money]: `import type { FormValue } from '${spec(F.money, F.form)}';\nimport { parse } from '${spec(F.money, F.form)}';\nexport const m = (v: FormValue) => parse(v);\n`,
      [F.htmlPage]: `import { wire } from '${spec(F.htmlPage, F.wire)}';\nexport const page = () => wire('<p>');\n`,
      [F.reader]: `import { page } from '${spec(F.reader, F.htmlPage)}';\nexport const read = () => page();\n`,
      [F.stray]: 'export const stray = 1;\n',
    });
    expect(checkTree(root).violations.map(describeViolation).sort()).toEqual(
      [
        `${F.health}:1 imports '${spec(F.health, F.store)}': functions may not import adapters`,
        `${F.money}:2 imports '${spec(F.money, F.form)}': domain may not import protocol (types only)`,
        `${F.sneaky}:1 imports '${spec(F.sneaky, F.store)}': operations may not import adapters`,
        `${F.sneaky}:2 imports '@aws-sdk/client-sqs': operations imports the AWS SDK: only shared/adapters/aws may`,
        `${F.page}:1 imports '${spec(F.page, F.endpoint)}': protocol may not import http`,
        `${F.wire}:1 imports '${spec(F.wire, F.pay)}': protocol may not import operations`,
        `${F.reader}:1 imports '${spec(F.reader, F.htmlPage)}': protocol may not import pages`,
        `${F.stray}: is in no layer folder (LAYER_PATHS)`,
      ].sort(),
    );
  });

  it("keeps other folders on the payment core's face, even for a type, and lets the core use its own files", () => {
    const past = 'reaches past the face of shared/operations/payment/: import shared/operations/payment/index.js';
    expect(
      checkFile('shared/operations/s2s-card/sale.ts', "import { charge } from '../payment/internal/charge.js';").map((v) => v.reason),
    ).toEqual([past]);
    expect(
      checkFile('functions/x.ts', "import type { CoreDeps } from '../shared/operations/payment/internal/types.js';").map((v) => v.reason),
    ).toEqual([past]);
    expect(checkFile('shared/operations/s2s-card/sale.ts', "import { charge } from '../payment/index.js';")).toEqual([]);
    expect(checkFile('shared/operations/payment/internal/charge.ts', "import { newPayment } from './new-payment.js';")).toEqual([]);
    expect(checkFile('shared/operations/payment/index.ts', "export { charge } from './internal/charge.js';")).toEqual([]);
  });

  it('tells type-only imports from value imports', () => {
    const refs = importsOf(
      'shared/x.ts',
      "import type { A } from './a.js';\nimport { type B } from './b.js';\nimport { type C, d } from './c.js';\nexport type { E } from './e.js';\n",
    );
    expect(refs.map((r) => [r.target, r.typeOnly])).toEqual([
      ['shared/a.ts', true],
      ['shared/b.ts', true],
      ['shared/c.ts', false],
      ['shared/e.ts', true],
    ]);
  });

  it('lets the composition root build adapters, and keeps operations from importing it even for a type', () => {
    expect(checkFile(F.root, `import { S } from '${spec(F.root, F.store)}';`)).toEqual([]);
    expect(checkFile(F.pay, `import type { Deps } from '${spec(F.pay, F.opsDeps)}';`)).toEqual([]);
    expect(checkFile(F.pay, `import type { Deps } from '${spec(F.pay, F.root)}';`).map((v) => v.reason)).toEqual([
      'operations may not import root',
    ]);
    expect(checkFile(F.pay, `import { deps } from '${spec(F.pay, F.root)}';`).map((v) => v.reason)).toEqual([
      'operations may not import root',
    ]);
  });
});
