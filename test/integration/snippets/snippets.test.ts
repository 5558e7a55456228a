/**
 * The hash and callback-verification snippets of docs/snippets.md, run on the machine's php, python3 and node
 * against the protocol reference's test vectors (protocol.md §2) and against what the platform's own
 * implementation (@open-payments/protocol) computes for the same inputs: non-ASCII values, SHA256 mode, and
 * callbacks signed the way the platform signs them. The page shows the files verbatim (snippets-page.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apmCallbackHash,
  apmCredit2VirtualCallbackHash,
  apmCredit2VirtualHash,
  apmCreditvoidHash,
  apmSaleHash,
  apmTransIdHash,
  checkoutHash,
  encodeForm,
  formula1,
  formula1Token,
  formula2,
  formula3,
  formula4,
  formula5,
  formula5Token,
  formula6,
  formula7,
  formula8,
  paymentHash,
  signatureHeader,
  type FormInput,
  type HashAlgorithm,
} from '@open-payments/protocol';

const HERE = join(import.meta.dirname);
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const LANGUAGES = [
  { name: 'php', cmd: ['php', join(HERE, 'harness.php')] },
  { name: 'python', cmd: ['python3', join(HERE, 'harness.py')] },
  { name: 'node', cmd: [process.execPath, join(HERE, 'harness.mjs')] },
] as const;

interface Call {
  fn: string;
  args: unknown[];
}

function run(cmd: readonly string[], calls: Call[]): unknown[] {
  const res = spawnSync(cmd[0]!, cmd.slice(1), { input: JSON.stringify(calls), encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${cmd.join(' ')} exited ${res.status}: ${res.stderr}`);
  // PHP prints notices and deprecations on stdout: the result must be the only output.
  return JSON.parse(res.stdout) as unknown[];
}

const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const EMAIL = 'doe@example.com';
const TRANS = 'aaaff66a-904f-11ea-833e-0242ac1f0007';

/** protocol.md §2: each snippet function with the reference's documented or self-computed value. */
const REFERENCE_VECTORS: Array<[Call, string]> = [
  [{ fn: 'formula1', args: [EMAIL, PASSWORD, '4111111111111111'] }, '2702ae0c4f99506dc29b5615ba9ee3c0'],
  [{ fn: 'formula2', args: [EMAIL, PASSWORD, TRANS, '4111111111111111'] }, 'fc359ea0b4830271f611c30135761c85'],
  [{ fn: 'formula2', args: [EMAIL, PASSWORD, TRANS, '411111****1111'] }, 'fc359ea0b4830271f611c30135761c85'],
  [{ fn: 'formula3', args: [PASSWORD] }, 'a502bf68507916a7668595571964473e'],
  [{ fn: 'formula4', args: ['9d0f5cc4-f07b-11ec-abf4-0242ac120006', PASSWORD] }, 'b2412581e1173244d0497d4d0c7046da'],
  [{ fn: 'formula5', args: [PASSWORD, '4917111111111111'] }, '8a8a97d9ed8841651179e0dc1ebd3e14'],
  [{ fn: 'formula6', args: [PASSWORD, 'e5098d62-6d08-11eb-9da3-0242ac120013', '4917111111111111'] }, '029840a0f4e9e2715cd9385b4170fe5b'],
  [{ fn: 'formula8', args: [EMAIL, PASSWORD] }, 'e2dbee6ed22ec2cb33b22a9d2a700682'],
  [{ fn: 'apm_sale_hash', args: ['success@gmail.com', 'ORDER12345', '1.99', 'USD', PASSWORD] }, '040e400e160c694b38e3d9dee3536e52'],
  [{ fn: 'apm_creditvoid_hash', args: [TRANS, PASSWORD] }, '4d53555bfcf87c688194040334da5e05'],
  [{ fn: 'apm_trans_id_hash', args: [TRANS, PASSWORD] }, '3b075d467020699ef0594595b8b2d2a7'],
  [{ fn: 'apm_credit2virtual_hash', args: ['ORDER12345', '1.99', 'USD', PASSWORD] }, 'e3ecc4b9404509b05ab7a19c0ba98026'],
  [{ fn: 'checkout_hash', args: [['order-1234', '0.19', 'USD', 'Important gift'], PASSWORD] }, '792a4240d9f0bacd631d923d79ed9447b058eb6d'],
  [{ fn: 'checkout_hash', args: [['63c781cc-de3d-11eb-a1f1-0242ac130006'], PASSWORD] }, 'b4b37d3b59eb12baa0a7716059c6f0592902f3b6'],
  [{ fn: 'checkout_hash', args: [['63c781cc-de3d-11eb-a1f1-0242ac130006', '0.10'], PASSWORD] }, '32b951469eb0137654a1c41c5fdfc4c40a866efa'],
  [
    { fn: 'checkout_hash', args: [['f0a51dfa-fc43-11ec-8128-0242ac120004', 'order-1234', '3.01', 'USD', 'bloodline'], PASSWORD] },
    'be3aaa35ff85d0d7aa8f6aaf08805be860b508c8',
  ],
];

/** Every snippet function over ASCII and non-ASCII inputs, md5 and SHA256 mode, with the platform's own result. */
function platformVectors(): Array<[Call, string]> {
  const out: Array<[Call, string]> = [];
  const inputs = [
    { email: EMAIL, password: PASSWORD, card: '4111111111111111', token: 'tok_5d1f0c', trans: TRANS, id: 'ORDER-1', desc: 'Blue T-shirt' },
    {
      email: 'zoë@exämple.com',
      password: 'Pässwörd-ß',
      card: '5555554444444444',
      token: 'jeton-é',
      trans: 'trans-ñ',
      id: 'Bestellung-Ü',
      desc: 'Café — grün',
    },
  ];
  for (const algo of ['md5', 'sha256'] as HashAlgorithm[]) {
    for (const i of inputs) {
      const add = (fn: string, args: unknown[], expected: string) => out.push([{ fn, args: [...args, algo] }, expected]);
      add('formula1', [i.email, i.password, i.card], formula1({ email: i.email, password: i.password, cardNumber: i.card }, algo));
      add(
        'formula1_token',
        [i.email, i.password, i.token],
        formula1Token({ email: i.email, password: i.password, cardToken: i.token }, algo),
      );
      add('formula1', ['', i.password, i.card], formula1({ password: i.password, cardNumber: i.card }, algo));
      add(
        'formula2',
        [i.email, i.password, i.trans, i.card],
        formula2({ email: i.email, password: i.password, transId: i.trans, cardNumber: i.card }, algo),
      );
      add('formula3', [i.password], formula3({ password: i.password }, algo));
      add('formula4', [i.id, i.password], formula4({ scheduleId: i.id, password: i.password }, algo));
      add('formula5', [i.password, i.card], formula5({ password: i.password, cardNumber: i.card }, algo));
      add('formula5_token', [i.password, i.token], formula5Token({ password: i.password, cardToken: i.token }, algo));
      add('formula6', [i.password, i.trans, i.card], formula6({ password: i.password, transId: i.trans, cardNumber: i.card }, algo));
      add(
        'formula7',
        [i.email, i.password, i.id, i.card],
        formula7({ email: i.email, password: i.password, orderId: i.id, cardNumber: i.card }, algo),
      );
      add('formula8', [i.email, i.password], formula8({ email: i.email, password: i.password }, algo));
      add(
        'apm_sale_hash',
        [i.email, i.id, '10.50', 'EUR', i.password],
        apmSaleHash({ identifier: i.email, orderId: i.id, orderAmount: '10.50', orderCurrency: 'EUR', password: i.password }, algo),
      );
      add(
        'apm_sale_hash',
        ['', i.id, '', 'BTC', i.password],
        apmSaleHash({ orderId: i.id, orderCurrency: 'BTC', password: i.password }, algo),
      );
      add('apm_creditvoid_hash', [i.trans, i.password], apmCreditvoidHash({ transId: i.trans, password: i.password }, algo));
      add('apm_trans_id_hash', [i.trans, i.password], apmTransIdHash({ transId: i.trans, password: i.password }, algo));
      add(
        'apm_credit2virtual_hash',
        [i.id, '0.99', 'USD', i.password],
        apmCredit2VirtualHash({ orderId: i.id, orderAmount: '0.99', orderCurrency: 'USD', password: i.password }, algo),
      );
      add('checkout_hash', [[i.id, '1.00', 'USD', i.desc], i.password], checkoutHash([i.id, '1.00', 'USD', i.desc], i.password, algo));
    }
  }
  return out;
}

const SECRETS = ['cbs_' + 'a1'.repeat(32), 'cbs_' + 'b2'.repeat(32)];
const NOW = 1_767_225_600;

interface SignedCallback {
  name: string;
  body: string;
  header: string;
  password: string;
  payerEmail: string;
  algo: HashAlgorithm;
}

/** Callback bodies of each shape, signed as the platform signs them (hash field and X-Callback-Signature). */
function signedCallbacks(): SignedCallback[] {
  const out: SignedCallback[] = [];
  const sign = (name: string, fields: Record<string, FormInput>, hash: string, algo: HashAlgorithm, payerEmail = '') => {
    const body = encodeForm({ ...fields, hash });
    out.push({ name: `${name} (${algo})`, body, header: signatureHeader(body, NOW, SECRETS), password: PASSWORD, payerEmail, algo });
  };
  for (const algo of ['md5', 'sha256'] as HashAlgorithm[]) {
    const order = { number: 'order-7', amount: '3.01', currency: 'USD', description: 'Café — grün' };
    sign(
      'Checkout',
      {
        id: 'f0a51dfa-fc43-11ec-8128-0242ac120004',
        order_number: order.number,
        order_amount: order.amount,
        order_currency: order.currency,
        order_description: order.description,
        order_status: 'settled',
        type: 'sale',
        status: 'success',
        card: '411111****1111',
        custom_data: { cart: 'x' },
      },
      paymentHash({ password: PASSWORD, hashAlgorithm: algo }, 'f0a51dfa-fc43-11ec-8128-0242ac120004', order),
      algo,
    );
    sign(
      'S2S CARD SALE',
      {
        action: 'SALE',
        result: 'SUCCESS',
        status: 'SETTLED',
        order_id: 'o-1',
        trans_id: TRANS,
        amount: '10.00',
        currency: 'USD',
        card: '411111****1111',
      },
      formula2({ email: EMAIL, password: PASSWORD, transId: TRANS, cardNumber: '411111****1111' }, algo),
      algo,
      EMAIL,
    );
    sign(
      'S2S CARD CREDIT2CARD',
      { action: 'CREDIT2CARD', result: 'SUCCESS', status: 'SETTLED', order_id: 'p-1', trans_id: TRANS, card: '491711****1111' },
      formula6({ password: PASSWORD, transId: TRANS, cardNumber: '491711****1111' }, algo),
      algo,
    );
    const apm = {
      action: 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      order_id: 'Bestellung-Ü',
      trans_id: TRANS,
      amount: '9.22',
      currency: 'EUR',
      brand: 'vcard',
      custom_data: { zeta: 'last', alpha: 'first', items: { 10: 'ten', 9: 'nine', b: 'bee' } },
    };
    sign('S2S APM SALE (nested, ksort)', apm, apmCallbackHash(apm, PASSWORD, algo), algo);
    for (const action of ['CREDIT2VIRTUAL', 'CREDIT2CRYPTO']) {
      sign(
        `S2S APM ${action}`,
        { action, result: 'SUCCESS', status: 'SETTLED', order_id: 'w-1', trans_id: TRANS, amount: '25.00', currency: 'USD' },
        apmCredit2VirtualCallbackHash({ transId: TRANS, orderId: 'w-1', status: 'SETTLED', password: PASSWORD }, algo),
        algo,
      );
    }
  }
  return out;
}

const phpMissing = !has('php');
const debian = existsSync('/etc/debian_version');

describe.each(LANGUAGES)('docs/snippets/$name', ({ name, cmd }) => {
  const skip = name === 'php' && phpMissing && !debian;
  const title = skip
    ? ' (SKIPPED: php is not installed and this is not Debian, where `npm test` setup installs php-cli; install PHP 8 to run it)'
    : '';

  it.skipIf(skip)(`computes every reference vector of protocol.md §2${title}`, () => {
    if (name === 'php' && phpMissing)
      throw new Error('php is not installed: `npm test` installs php-cli on Debian (scripts/setup.mjs), or apt-get install php-cli');
    const results = run(
      cmd,
      REFERENCE_VECTORS.map(([call]) => call),
    );
    expect(results).toEqual(REFERENCE_VECTORS.map(([, expected]) => expected));
  });

  it.skipIf(skip)(`computes what the platform computes: non-ASCII values, SHA256 mode, optional fields left out${title}`, () => {
    const vectors = platformVectors();
    const results = run(
      cmd,
      vectors.map(([call]) => call),
    );
    const wrong = vectors.filter(([, expected], i) => results[i] !== expected).map(([call]) => JSON.stringify(call));
    expect(wrong).toEqual([]);
    expect(vectors.length).toBeGreaterThan(60);
  });

  it.skipIf(skip)(`verifies callbacks signed by the platform and refuses tampered, stale and foreign ones${title}`, () => {
    const cases: Array<{ what: string; call: Call; expected: [boolean, boolean] }> = [];
    for (const c of signedCallbacks()) {
      const args = (over: Partial<{ body: string; header: string; secrets: string[]; now: number; password: string }>) => {
        const o = { body: c.body, header: c.header, secrets: SECRETS, now: NOW + 60, password: c.password, ...over };
        return [o.body, o.header, o.secrets, o.now, o.password, c.payerEmail, c.algo];
      };
      const tampered = c.body.replace(/status=SETTLED|status=success/, (s) => (s.endsWith('success') ? 'status=fail' : 'status=DECLINED'));
      cases.push(
        {
          what: `${c.name}: genuine, current secret`,
          call: { fn: 'callback', args: args({ secrets: [SECRETS[0]!] }) },
          expected: [true, true],
        },
        {
          what: `${c.name}: genuine, previous secret (rotation)`,
          call: { fn: 'callback', args: args({ secrets: [SECRETS[1]!] }) },
          expected: [true, true],
        },
        {
          what: `${c.name}: another merchant's secret`,
          call: { fn: 'callback', args: args({ secrets: ['cbs_' + 'c3'.repeat(32)] }) },
          expected: [false, true],
        },
        { what: `${c.name}: replayed 10 minutes later`, call: { fn: 'callback', args: args({ now: NOW + 600 }) }, expected: [false, true] },
        {
          what: `${c.name}: wrong password`,
          call: { fn: 'callback', args: args({ password: 'not-the-password' }) },
          expected: [true, false],
        },
        { what: `${c.name}: no signature header`, call: { fn: 'callback', args: args({ header: '' }) }, expected: [false, true] },
      );
      // The outcome is outside the Checkout and S2S CARD hash: only the HMAC notices the change.
      const hashCoversStatus = c.name.startsWith('S2S APM');
      cases.push({
        what: `${c.name}: outcome changed`,
        call: { fn: 'callback', args: args({ body: tampered }) },
        expected: [false, hashCoversStatus ? false : true],
      });
    }
    const results = run(
      cmd,
      cases.map((c) => c.call),
    );
    const wrong = cases.flatMap((c, i) =>
      JSON.stringify(results[i]) === JSON.stringify(c.expected) ? [] : [`${c.what}: got ${JSON.stringify(results[i])}`],
    );
    expect(wrong).toEqual([]);
  });
});
