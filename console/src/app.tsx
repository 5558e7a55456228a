/**
 * The console's shell: sign-in, then the navigation for the user's role. Operators pick the merchant they work on;
 * merchants' users always see their own.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, SIGNED_OUT_EVENT, type Me, type User } from './api.js';
import { go, useRoute } from './router.js';
import { SignIn } from './pages/sign-in.js';
import { Payments } from './pages/payments.js';
import { PaymentPage } from './pages/payment.js';
import { Callbacks } from './pages/callbacks.js';
import { Settings } from './pages/settings.js';
import { Wallets } from './pages/wallets.js';
import { Merchants } from './pages/merchants.js';
import { Users } from './pages/users.js';
import { Audit } from './pages/audit.js';
import { Dashboard } from './pages/dashboard.js';
import { Schedules } from './pages/schedules.js';
import { Chargebacks } from './pages/chargebacks.js';
import { Books } from './pages/books.js';
import { Fees } from './pages/fees.js';
import { Reconciliation } from './pages/reconciliation.js';
import { Risk } from './pages/risk.js';
import type { ConsoleMerchant, ConsoleMerchantsAnswer } from './answers.js';

export function App() {
  const route = useRoute();
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [merchants, setMerchants] = useState<ConsoleMerchant[]>([]);
  const [merchant, setMerchant] = useState<string>(() => sessionStorage.getItem('merchant') ?? '');

  // Why the sign-in page is shown again (the session ended while the page was open).
  const [signedOutBecause, setSignedOutBecause] = useState<string>();
  const refreshMe = () =>
    api.get<Me>('/me').then(
      (r) => {
        if (!r.signedIn) setSignedOutBecause(r.message);
        setUser(r.signedIn ? r.user : null);
      },
      () => setUser(null),
    );
  useEffect(() => void refreshMe(), []);
  useEffect(() => {
    const ended = (e: Event) => {
      setSignedOutBecause((e as CustomEvent<string>).detail || undefined);
      setUser(null);
    };
    window.addEventListener(SIGNED_OUT_EVENT, ended);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, ended);
  }, []);
  useEffect(() => {
    if (!user) return;
    api.get<ConsoleMerchantsAnswer>('/merchants').then((r) => {
      setMerchants(r.merchants);
      const own = user.clientKey ?? (r.merchants.some((m) => m.clientKey === merchant) ? merchant : (r.merchants[0]?.clientKey ?? ''));
      setMerchant(own);
    });
  }, [user]);
  useEffect(() => sessionStorage.setItem('merchant', merchant), [merchant]);

  if (user === undefined) return <p aria-busy="true">Loading…</p>;
  if (user === null || route.path === '/sign-in')
    return (
      <SignIn
        params={route.params}
        notice={signedOutBecause}
        onSignedIn={(u) => {
          setSignedOutBecause(undefined);
          setUser(u);
          go(u.role === 'operator' ? '/dashboard' : '/payments');
        }}
      />
    );

  const operator = user.role === 'operator';
  const nav: [string, string][] = [
    ...(operator
      ? ([
          ['/dashboard', 'Dashboard'],
          ['/merchants', 'Merchants'],
        ] as [string, string][])
      : [['/dashboard', 'Dashboard'] as [string, string]]),
    ['/payments', 'Payments'],
    ['/callbacks', 'Callbacks'],
    ['/schedules', 'Schedules'],
    ['/chargebacks', 'Chargebacks'],
    ['/books', 'Books'],
    ['/fees', 'Fees'],
    ...(operator ? ([['/reconciliation', 'Reconciliation']] as [string, string][]) : []),
    ['/risk', 'Risk'],
    ['/settings', 'Settings'],
    ['/wallets', 'Wallets'],
    ['/users', 'Users'],
    ['/audit', 'Audit log'],
  ];
  const signOut = async () => {
    await api.post('/sign-out').catch(() => undefined);
    setUser(null);
    go('/sign-in');
  };
  const page = pageFor(route.path, { user, merchant, reloadMerchants: () => setUser({ ...user }) });
  return (
    <div class="shell">
      <header>
        <strong class="brand">Open Payments Console</strong>
        {operator ? (
          <label>
            Merchant{' '}
            <select aria-label="Merchant" value={merchant} onChange={(e) => setMerchant((e.target as HTMLSelectElement).value)}>
              {merchants.map((m) => (
                <option value={m.clientKey}>
                  {m.name} ({m.clientKey.slice(0, 8)})
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span>{merchants[0]?.name}</span>
        )}
        <span class="who">
          {user.email} · {user.role}
        </span>
        <button onClick={signOut}>Sign out</button>
      </header>
      <nav aria-label="Console">
        {nav.map(([path, label]) => (
          <a href={`#${path}`} aria-current={route.path.startsWith(path) ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <main>{page}</main>
    </div>
  );
}

export interface PageProps {
  user: User;
  merchant: string;
  reloadMerchants: () => void;
}

function pageFor(path: string, props: PageProps) {
  if (path.startsWith('/payments/')) return <PaymentPage {...props} transId={decodeURIComponent(path.slice('/payments/'.length))} />;
  switch (path) {
    case '/dashboard':
      return <Dashboard {...props} />;
    case '/merchants':
      return <Merchants {...props} />;
    case '/callbacks':
      return <Callbacks {...props} />;
    case '/schedules':
      return <Schedules {...props} />;
    case '/chargebacks':
      return <Chargebacks {...props} />;
    case '/books':
      return <Books {...props} />;
    case '/fees':
      return <Fees {...props} />;
    case '/reconciliation':
      return <Reconciliation {...props} />;
    case '/risk':
      return <Risk {...props} />;
    case '/settings':
      return <Settings {...props} />;
    case '/wallets':
      return <Wallets {...props} />;
    case '/users':
      return <Users {...props} />;
    case '/audit':
      return <Audit {...props} />;
    default:
      return <Payments {...props} />;
  }
}
