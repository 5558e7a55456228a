/**
 * The Wallets tab: Apple Pay and Google Pay with the spec's fields — environment, merchant identifier, country, shop
 * name, capabilities and supported networks (Apple Pay), auth methods and networks (Google Pay), Apple Pay's merchant
 * identity certificate with its key, and the processing private key. Keys are uploaded (file or paste), sealed with
 * KMS by the platform and never shown again: only the public key hash and the certificate's fingerprint come back.
 */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Message, Table, time, useLoad } from '../ui.js';

import type { ConsoleMerchantAnswer, ConsoleWallet as WalletView, ConsoleWalletConfigureAnswer } from '../answers.js';

export function Wallets({ user, merchant }: PageProps) {
  const { data, error, reload } = useLoad(() => api.get<ConsoleMerchantAnswer>(`/merchants/${merchant}`), [merchant]);
  const canChange = user.role !== 'merchant-viewer';
  if (!data) return <Loading error={error} />;
  const stored = (w: string) => data.wallets.find((x) => x.wallet === w);
  return (
    <section>
      <h1>Wallets</h1>
      <Table
        label="Wallet settings"
        head={[
          'Wallet',
          'Environment',
          'Merchant identifier',
          'Country / shop',
          'Networks',
          'Capabilities / auth methods',
          'Certificate',
          'Public key hash',
          'Updated',
        ]}
        rows={data.wallets.map((w) => [
          w.wallet,
          w.environment,
          w.merchantIdentifier ?? '',
          [w.country, w.shopName].filter(Boolean).join(' · '),
          (w.supportedNetworks ?? []).join(', '),
          (w.merchantCapabilities ?? w.allowedAuthMethods ?? []).join(', '),
          w.certificate ? `${w.certificate.subject.split('\n').find((l) => l.startsWith('CN=')) ?? ''} until ${w.certificate.validTo}` : '',
          <code>{w.publicKeyHash}</code>,
          time(w.updatedAt),
        ])}
      />
      {canChange && (
        <div class="columns">
          <WalletForm
            merchant={merchant}
            wallet="applepay"
            title="Apple Pay"
            current={stored('applepay')}
            choices={data.choices.applepay}
            done={reload}
          />
          <WalletForm
            merchant={merchant}
            wallet="googlepay"
            title="Google Pay"
            current={stored('googlepay')}
            choices={data.choices.googlepay}
            done={reload}
          />
        </div>
      )}
    </section>
  );
}

interface FormProps {
  merchant: string;
  wallet: 'applepay' | 'googlepay';
  title: string;
  current?: WalletView;
  choices: { merchantCapabilities?: readonly string[]; allowedAuthMethods?: readonly string[]; supportedNetworks: readonly string[] };
  done: () => void;
}

function Ticks({
  legend,
  options,
  value,
  set,
}: {
  legend: string;
  options: readonly string[];
  value: string[];
  set: (v: string[]) => void;
}) {
  return (
    <fieldset aria-label={legend}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label class="switch">
          <input
            type="checkbox"
            checked={value.includes(o)}
            onChange={(e) => set((e.target as HTMLInputElement).checked ? [...value, o] : value.filter((x) => x !== o))}
          />{' '}
          {o}
        </label>
      ))}
    </fieldset>
  );
}

/** A PEM from a file input or the text area. */
function KeyInput({ label, value, set }: { label: string; value: string; set: (v: string) => void }) {
  const file = async (e: Event) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (f) set(await f.text());
  };
  return (
    <>
      <label>
        {label} file (PEM) <input type="file" accept=".pem,.key,.crt,.cer,.txt" onChange={file} />
      </label>
      <label>
        or paste the {label.toLowerCase()} <textarea rows={3} value={value} onInput={(e) => set((e.target as HTMLTextAreaElement).value)} />
      </label>
    </>
  );
}

function WalletForm({ merchant, wallet, title, current, choices, done }: FormProps) {
  const apple = wallet === 'applepay';
  const [environment, setEnvironment] = useState<string>(current?.environment ?? 'TEST');
  const [identifier, setIdentifier] = useState(current?.merchantIdentifier ?? '');
  const [country, setCountry] = useState(current?.country ?? '');
  const [shopName, setShopName] = useState(current?.shopName ?? '');
  const [capabilities, setCapabilities] = useState<string[]>(current?.merchantCapabilities ?? []);
  const [authMethods, setAuthMethods] = useState<string[]>(current?.allowedAuthMethods ?? []);
  const [networks, setNetworks] = useState<string[]>(current?.supportedNetworks ?? []);
  const [key, setKey] = useState('');
  const [certificate, setCertificate] = useState('');
  const [certificateKey, setCertificateKey] = useState('');
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const r = await api.put<ConsoleWalletConfigureAnswer>(`/merchants/${merchant}/wallets/${wallet}`, {
        environment,
        ...(key ? { private_key: key } : {}),
        ...(country ? { country: country.toUpperCase() } : {}),
        ...(shopName ? { shop_name: shopName } : {}),
        supported_networks: networks,
        ...(apple
          ? {
              merchant_identifier: identifier,
              merchant_capabilities: capabilities,
              ...(certificate || certificateKey ? { certificate, certificate_key: certificateKey } : {}),
            }
          : { allowed_auth_methods: authMethods }),
      });
      // The keys leave the page: they are sealed now and never come back.
      setKey('');
      setCertificateKey('');
      setCertificate('');
      setMsg({ ok: `${title} saved; public key hash ${r.wallet.publicKeyHash}.` });
      done();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  return (
    <form onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <label>
        Environment{' '}
        <select value={environment} onChange={(e) => setEnvironment((e.target as HTMLSelectElement).value)}>
          <option>TEST</option>
          <option>PRODUCTION</option>
        </select>
      </label>
      {apple && (
        <label>
          Merchant identifier{' '}
          <input
            value={identifier}
            onInput={(e) => setIdentifier((e.target as HTMLInputElement).value)}
            placeholder="merchant.com.example.shop"
          />
        </label>
      )}
      <label>
        Country{' '}
        <input value={country} maxLength={2} size={3} placeholder="US" onInput={(e) => setCountry((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        Shop name <input value={shopName} maxLength={64} onInput={(e) => setShopName((e.target as HTMLInputElement).value)} />
      </label>
      {apple ? (
        <Ticks legend="Merchant capabilities" options={choices.merchantCapabilities ?? []} value={capabilities} set={setCapabilities} />
      ) : (
        <Ticks legend="Allowed auth methods" options={choices.allowedAuthMethods ?? []} value={authMethods} set={setAuthMethods} />
      )}
      <Ticks legend="Supported networks" options={choices.supportedNetworks} value={networks} set={setNetworks} />
      {apple && (
        <>
          <KeyInput label="Merchant identity certificate" value={certificate} set={setCertificate} />
          <KeyInput label="Certificate private key" value={certificateKey} set={setCertificateKey} />
        </>
      )}
      <KeyInput label={apple ? 'Processing private key' : 'Private key'} value={key} set={setKey} />
      {current && <p>A key is stored (hash {current.publicKeyHash}); leave the key empty to keep it.</p>}
      <button type="submit">Save {title}</button>
      <Message {...msg} />
    </form>
  );
}
