/**
 * Imports cross the layers only inward (test/unit/architecture/layers.ts has the rule): functions → http → operations
 * → domain/ports; protocol imports neither operations nor http nor the composition root; adapters are imported only
 * by shared/deps.ts; only adapters import @aws-sdk; other folders reach the payment core only through its index.ts.
 * The checker itself is tried on planted bad imports.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

  it('catches planted bad imports in a fixture tree, and only those', () => {
    plant({
      'shared/operations/pay.ts':
        "import type { Deps } from './deps.js';\nimport { wire } from '../protocol/wire.js';\nexport const pay = (d: Deps) => wire(d);\n",
      'shared/protocol/wire.ts': "import { pay } from '../operations/pay.js';\nexport const wire = (x: unknown) => x;\nexport { pay };\n",
      'shared/protocol/page.ts': "const render = () => import('../http/endpoint.js');\nexport { render };\n",
      'shared/deps.ts': "import { Store } from './adapters/store.js';\nexport type Deps = { store: Store };\n",
      'shared/adapters/store.ts':
        "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport class Store { c = new DynamoDBClient({}); }\n",
      'shared/operations/sneaky.ts':
        "import { Store } from '../adapters/store.js';\nimport { SQSClient } from '@aws-sdk/client-sqs';\nexport const s = [Store, SQSClient];\n",
      'functions/health.ts': "import { Store } from '../shared/adapters/store.js';\nexport const handler = async () => new Store();\n",
      'shared/domain/money.ts':
        "import type { FormValue } from '../protocol/form.js';\nimport { parse } from '../protocol/form.js';\nexport const m = (v: FormValue) => parse(v);\n",
    });
    expect(checkTree(root).violations.map(describeViolation).sort()).toEqual([
      "functions/health.ts:1 imports '../shared/adapters/store.js': functions may not import adapters",
      "shared/domain/money.ts:2 imports '../protocol/form.js': domain may not import protocol (types only)",
      "shared/operations/sneaky.ts:1 imports '../adapters/store.js': operations may not import adapters",
      "shared/operations/sneaky.ts:2 imports '@aws-sdk/client-sqs': operations imports the AWS SDK: only shared/adapters may",
      "shared/protocol/page.ts:1 imports '../http/endpoint.js': protocol may not import http",
      "shared/protocol/wire.ts:1 imports '../operations/pay.js': protocol may not import operations",
    ]);
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
    expect(checkFile('shared/deps.ts', "import { S } from './adapters/s.js';")).toEqual([]);
    expect(checkFile('shared/operations/a.ts', "import type { Deps } from './deps.js';")).toEqual([]);
    expect(checkFile('shared/operations/a.ts', "import type { Deps } from '../deps.js';").map((v) => v.reason)).toEqual([
      'operations may not import root',
    ]);
    expect(checkFile('shared/operations/a.ts', "import { deps } from '../deps.js';").map((v) => v.reason)).toEqual([
      'operations may not import root',
    ]);
  });
});
