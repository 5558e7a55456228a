/**
 * The Wallets tab: Apple Pay and Google Pay. The private key is uploaded (file or paste), sealed with KMS by the
 * platform and never shown again: only its public key hash comes back, to compare with Apple's / Google's.
 */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { PageProps } from '../app.js';
import { Loading, Message, Table, time, useLoad } from '../ui.js';

interface WalletView {
  wallet: string;
  environment: string;
  merchantIdentifier?: string;
  publicKeyHash: string;
  updatedAt: string;
}

export function Wallets({ user, merchant }: PageProps) {
  const { data, error, reload } = useLoad(() => api.get<{ wallets: WalletView[] }>(`/merchants/${merchant}`), [merchant]);
  const canChange = user.role !== 'merchant-viewer';
  if (!data) return <Loading error={error} />;
  return (
    <section>
      <h1>Wallets</h1>
      <Table label="Wallet settings" head={['Wallet', 'Environment', 'Merchant identifier', 'Public key hash', 'Updated']} rows={data.wallets.map((w) => [w.wallet, w.environment, w.merchantIdentifier ?? '', <code>{w.publicKeyHash}</code>, time(w.updatedAt)])} />
      {canChange && (
        <div class="columns">
          <WalletForm merchant={merchant} wallet="applepay" title="Apple Pay" done={reload} />
          <WalletForm merchant={merchant} wallet="googlepay" title="Google Pay" done={reload} />
        </div>
      )}
    </section>
  );
}

function WalletForm({ merchant, wallet, title, done }: { merchant: string; wallet: string; title: string; done: () => void }) {
  const [environment, setEnvironment] = useState('TEST');
  const [identifier, setIdentifier] = useState('');
  const [key, setKey] = useState('');
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const r = await api.put<{ wallet: WalletView }>(`/merchants/${merchant}/wallets/${wallet}`, { environment, private_key: key, ...(wallet === 'applepay' ? { merchant_identifier: identifier } : {}) });
      // The key leaves the page: it is sealed now and never comes back.
      setKey('');
      setMsg({ ok: `${title} saved; public key hash ${r.wallet.publicKeyHash}.` });
      done();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  const file = async (e: Event) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (f) setKey(await f.text());
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
      {wallet === 'applepay' && (
        <label>
          Merchant identifier <input value={identifier} onInput={(e) => setIdentifier((e.target as HTMLInputElement).value)} placeholder="merchant.com.example.shop" />
        </label>
      )}
      <label>
        Private key file (PEM) <input type="file" accept=".pem,.key,.txt" onChange={file} />
      </label>
      <label>
        or paste the private key <textarea rows={4} value={key} onInput={(e) => setKey((e.target as HTMLTextAreaElement).value)} />
      </label>
      <button type="submit">Save {title}</button>
      <Message {...msg} />
    </form>
  );
}
