/**
 * A merchant's keys and settings: the client key (shown), the password (revealed once, on rotation), the merchant API
 * keys (api-keys.tsx), the notification URL, the callback signing secret, mapping switches and page options, and its MIDs (operators add them).
 */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { PageProps } from '../app.js';
import { limitsText, MidLimits } from './mid-limits.js';
import type {
  ConsoleMerchantAnswer,
  ConsoleMerchantPasswordAnswer,
  ConsoleMidCreateAnswer,
  ConsoleMidHealth,
  ConsoleSigningSecretAnswer,
} from '../answers.js';
import { Loading, Message, ShownOnce, Table, time, useLoad } from '../ui.js';
import { RoutingRules } from './routing.js';
import { ApiKeys } from './api-keys.js';

export function Settings({ user, merchant }: PageProps) {
  const { data, error, reload } = useLoad(() => api.get<ConsoleMerchantAnswer>(`/merchants/${merchant}`), [merchant]);
  const [shown, setShown] = useState<{ label: string; value: string }>();
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const [url, setUrl] = useState<string>();
  const [origins, setOrigins] = useState<string>();
  const canChange = user.role !== 'merchant-viewer';
  if (!merchant) return <p>No merchant yet: create one under Merchants.</p>;
  if (!data) return <Loading error={error} />;
  const m = data.merchant;
  const run = async (what: () => Promise<void>) => {
    setMsg({});
    try {
      await what();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  const save = (body: Record<string, unknown>, ok: string) =>
    run(async () => {
      await api.put(`/merchants/${merchant}/settings`, body);
      setMsg({ ok });
      reload();
    });
  return (
    <section>
      <h1>Settings of {m.name}</h1>
      <h2>Keys</h2>
      <dl class="facts">
        <dt>Client key</dt>
        <dd>
          <code aria-label="Client key">{m.clientKey}</code>
        </dd>
        <dt>Password</dt>
        <dd>
          Hidden.{' '}
          {canChange && (
            <button
              onClick={() =>
                run(async () =>
                  setShown({
                    label: 'New password',
                    value: (await api.post<ConsoleMerchantPasswordAnswer>(`/merchants/${merchant}/password`)).password,
                  }),
                )
              }
            >
              Rotate password
            </button>
          )}
        </dd>
        <dt>Callback signing secret</dt>
        <dd>
          {canChange && (
            <>
              <button
                onClick={() =>
                  run(async () =>
                    setShown({
                      label: 'Signing secret',
                      value: (await api.post<ConsoleSigningSecretAnswer>(`/merchants/${merchant}/signing-secret`, {})).current,
                    }),
                  )
                }
              >
                Reveal
              </button>{' '}
              <button
                onClick={() =>
                  run(async () =>
                    setShown({
                      label: 'New signing secret',
                      value: (await api.post<ConsoleSigningSecretAnswer>(`/merchants/${merchant}/signing-secret`, { rotate: true }))
                        .current,
                    }),
                  )
                }
              >
                Rotate
              </button>
            </>
          )}
        </dd>
      </dl>
      {shown && <ShownOnce {...shown} />}
      <Message {...msg} />
      <ApiKeys merchant={merchant} canChange={canChange} />
      <h2>Callbacks</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save({ notification_url: url ?? m.notificationUrl ?? '' }, 'Notification URL saved.');
        }}
      >
        <label>
          Notification URL{' '}
          <input
            type="url"
            value={url ?? m.notificationUrl ?? ''}
            disabled={!canChange}
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
          />
        </label>
        {canChange && <button type="submit">Save URL</button>}
      </form>
      <fieldset>
        <legend>Callback field groups (mappings)</legend>
        {Object.entries(m.mappings).map(([group, on]) => (
          <label class="switch">
            <input
              type="checkbox"
              checked={on}
              disabled={!canChange}
              onChange={(e) => save({ mappings: { [group]: (e.target as HTMLInputElement).checked } }, `Mapping ${group} saved.`)}
            />{' '}
            {group}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Checkout page</legend>
        <label class="switch">
          <input
            type="checkbox"
            checked={m.termsCheckbox}
            disabled={!canChange}
            onChange={(e) => save({ terms_checkbox: (e.target as HTMLInputElement).checked }, 'Terms checkbox saved.')}
          />{' '}
          Terms checkbox
        </label>
        <label>
          Link target{' '}
          <select
            value={m.linkTarget ?? 'none'}
            disabled={!canChange}
            onChange={(e) => save({ link_target: (e.target as HTMLSelectElement).value }, 'Link target saved.')}
          >
            {['none', '_top', '_self', '_parent', '_blank'].map((t) => (
              <option>{t}</option>
            ))}
          </select>
        </label>
        <fieldset aria-label="Required payer fields">
          <legend>Required payer fields</legend>
          {data.choices.requiredPayerFields.map((f) => (
            <label class="switch">
              <input
                type="checkbox"
                checked={m.requiredPayerFields.includes(f)}
                disabled={!canChange}
                onChange={(e) =>
                  save(
                    { required_payer_fields: toggle(m.requiredPayerFields, f, (e.target as HTMLInputElement).checked) },
                    'Required payer fields saved.',
                  )
                }
              />{' '}
              {f}
            </label>
          ))}
        </fieldset>
        <fieldset aria-label="Checkout methods">
          <legend>Checkout methods (none ticked: every method)</legend>
          {data.choices.methods.map((x) => (
            <label class="switch">
              <input
                type="checkbox"
                checked={(m.methods ?? []).includes(x)}
                disabled={!canChange}
                onChange={(e) =>
                  save({ methods: toggle(m.methods ?? [], x, (e.target as HTMLInputElement).checked) }, 'Checkout methods saved.')
                }
              />{' '}
              {x}
            </label>
          ))}
        </fieldset>
      </fieldset>
      <form
        aria-label="Hosted fields origins"
        onSubmit={(e) => {
          e.preventDefault();
          save({ hosted_fields_origins: lines(origins ?? (m.hostedFieldsOrigins ?? []).join('\n')) }, 'Hosted fields origins saved.');
        }}
      >
        <label>
          Hosted fields origins (one per line, scheme://host[:port])
          <textarea
            rows={3}
            cols={50}
            value={origins ?? (m.hostedFieldsOrigins ?? []).join('\n')}
            disabled={!canChange}
            onInput={(e) => setOrigins((e.target as HTMLTextAreaElement).value)}
          />
        </label>
        {canChange && <button type="submit">Save origins</button>}
      </form>
      <h2>MIDs</h2>
      <Table
        label="MIDs"
        head={['MID', 'Name', 'Mode', 'MOTO', 'Zero amount', 'Connector', 'Health', 'Limits']}
        rows={data.mids.map((x) => [
          x.midId.slice(0, 8),
          x.name,
          x.paymentMode,
          x.moto ? 'yes' : 'no',
          x.zeroAmount ? 'yes' : 'no',
          x.connector,
          x.health ? <Health h={x.health} /> : '',
          limitsText(x),
        ])}
      />
      {user.role === 'operator' && data.mids.length > 0 && <MidLimits merchant={merchant} mids={data.mids} done={reload} />}
      {user.role === 'operator' && data.choices.connectors && (
        <NewMid merchant={merchant} connectors={data.choices.connectors} done={reload} />
      )}
      {user.role === 'operator' && <RoutingRules merchant={merchant} mids={data.mids} />}
    </section>
  );
}

/**
 * A MID's circuit (docs/routing.md "MID health"): closed serves payments; open is skipped by routing until the
 * cool-down ends; half-open takes payments again on trial.
 */
function Health({ h }: { h: ConsoleMidHealth }) {
  const tone = h.state === 'closed' ? 'good' : h.state === 'open' ? 'bad' : '';
  return (
    <span>
      <span class={`badge ${tone}`}>{h.state}</span>
      {h.failures > 0 ? ` ${h.failures} failure${h.failures === 1 ? '' : 's'}` : ''}
      {h.state === 'open' && h.reopensAt ? ` · reopens ${time(h.reopensAt)} UTC` : ''}
      {h.state === 'half-open' && h.reopensAt ? ` · half-open since ${time(h.reopensAt)} UTC` : ''}
      {h.state === 'half-open'
        ? h.trialAt
          ? ` · a trial payment in flight since ${time(h.trialAt)} UTC`
          : ' · the next payment is its trial'
        : ''}
    </span>
  );
}

const toggle = (list: string[], item: string, on: boolean) => (on ? [...new Set([...list, item])] : list.filter((x) => x !== item));
const lines = (text: string) =>
  text
    .split(/\s+/)
    .map((x) => x.trim())
    .filter(Boolean);

function NewMid({ merchant, connectors, done }: { merchant: string; connectors: string[]; done: () => void }) {
  const [mode, setMode] = useState('SMS/DMS');
  const [moto, setMoto] = useState(false);
  const [zero, setZero] = useState(false);
  const [connector, setConnector] = useState(connectors[0] ?? '');
  // The upstream gateway's address and account, as `npm run admin -- mids create --connector upstream` takes them.
  const [upstream, setUpstream] = useState({ url: '', hashAlgorithm: 'md5', clientKey: '', password: '' });
  const [msg, setMsg] = useState<{ error?: string; ok?: string }>({});
  const setField = (k: keyof typeof upstream) => (e: Event) => setUpstream({ ...upstream, [k]: (e.target as HTMLInputElement).value });
  // Adyen's Checkout API and account, as `mids create --connector adyen` takes them; the two keys are sealed.
  const [adyen, setAdyen] = useState({ url: '', merchantAccount: '', apiKey: '', hmacKey: '' });
  const setAdyenField = (k: keyof typeof adyen) => (e: Event) => setAdyen({ ...adyen, [k]: (e.target as HTMLInputElement).value });
  // Checkout.com's API and processing channel, as `mids create --connector checkout-com` takes them; the two keys are sealed.
  const [cko, setCko] = useState({ url: '', processingChannelId: '', secretKey: '', webhookSecret: '' });
  const setCkoField = (k: keyof typeof cko) => (e: Event) => setCko({ ...cko, [k]: (e.target as HTMLInputElement).value });
  const submit = async (e: Event) => {
    e.preventDefault();
    const setup =
      connector === 'upstream'
        ? {
            connector_settings: { url: upstream.url, hashAlgorithm: upstream.hashAlgorithm },
            credentials: { client_key: upstream.clientKey, password: upstream.password },
          }
        : connector === 'adyen'
          ? // Trimmed as the CLI trims what it reads from the key files: a pasted key often ends with a line break.
            {
              connector_settings: { url: adyen.url, merchantAccount: adyen.merchantAccount },
              credentials: { api_key: adyen.apiKey.trim(), hmac_key: adyen.hmacKey.trim() },
            }
          : connector === 'checkout-com'
            ? {
                connector_settings: {
                  url: cko.url,
                  ...(cko.processingChannelId.trim() ? { processingChannelId: cko.processingChannelId.trim() } : {}),
                },
                credentials: { secret_key: cko.secretKey.trim(), webhook_secret: cko.webhookSecret.trim() },
              }
            : {};
    try {
      const r = await api.post<ConsoleMidCreateAnswer>(`/merchants/${merchant}/mids`, {
        payment_mode: mode,
        moto,
        zero_amount: zero,
        connector,
        ...setup,
      });
      setMsg({ ok: `MID ${r.mid.midId} created.` });
      setUpstream({ ...upstream, password: '' });
      // The keys leave the page once sent: the server keeps them sealed and never shows them again.
      setAdyen({ ...adyen, apiKey: '', hmacKey: '' });
      setCko({ ...cko, secretKey: '', webhookSecret: '' });
      done();
    } catch (err) {
      setMsg({ error: (err as Error).message });
    }
  };
  return (
    <form onSubmit={submit} aria-label="New MID">
      <h3>New MID</h3>
      <label>
        Payment mode{' '}
        <select value={mode} onChange={(e) => setMode((e.target as HTMLSelectElement).value)}>
          {['SMS', 'DMS', 'SMS/DMS'].map((x) => (
            <option>{x}</option>
          ))}
        </select>
      </label>
      <label class="switch">
        <input type="checkbox" checked={moto} onChange={(e) => setMoto((e.target as HTMLInputElement).checked)} /> MOTO
      </label>
      <label class="switch">
        <input type="checkbox" checked={zero} onChange={(e) => setZero((e.target as HTMLInputElement).checked)} /> Zero amount
      </label>
      <label>
        Connector{' '}
        <select value={connector} onChange={(e) => setConnector((e.target as HTMLSelectElement).value)}>
          {connectors.map((x) => (
            <option>{x}</option>
          ))}
        </select>
      </label>
      {connector === 'upstream' && (
        <fieldset>
          <legend>Upstream gateway</legend>
          <label>
            URL <input type="url" required value={upstream.url} onInput={setField('url')} placeholder="https://gateway.example" />
          </label>
          <label>
            Hash{' '}
            <select value={upstream.hashAlgorithm} onChange={setField('hashAlgorithm')}>
              <option>md5</option>
              <option>sha256</option>
            </select>
          </label>
          <label>
            Client key <input required value={upstream.clientKey} onInput={setField('clientKey')} autocomplete="off" />
          </label>
          <label>
            Password <input type="password" required value={upstream.password} onInput={setField('password')} autocomplete="new-password" />
          </label>
        </fieldset>
      )}
      {connector === 'adyen' && (
        <fieldset>
          <legend>Adyen</legend>
          <label>
            Adyen URL{' '}
            <input type="url" required value={adyen.url} onInput={setAdyenField('url')} placeholder="https://checkout-test.adyen.com/v71" />
          </label>
          <label>
            Merchant account <input required value={adyen.merchantAccount} onInput={setAdyenField('merchantAccount')} autocomplete="off" />
          </label>
          <label>
            API key <input type="password" required value={adyen.apiKey} onInput={setAdyenField('apiKey')} autocomplete="new-password" />
          </label>
          <label>
            HMAC key <input type="password" required value={adyen.hmacKey} onInput={setAdyenField('hmacKey')} autocomplete="new-password" />
          </label>
        </fieldset>
      )}
      {connector === 'checkout-com' && (
        <fieldset>
          <legend>Checkout.com</legend>
          <label>
            API URL{' '}
            <input type="url" required value={cko.url} onInput={setCkoField('url')} placeholder="https://api.sandbox.checkout.com" />
          </label>
          <label>
            Processing channel{' '}
            <input
              value={cko.processingChannelId}
              onInput={setCkoField('processingChannelId')}
              placeholder="pc_… (optional)"
              autocomplete="off"
            />
          </label>
          <label>
            Secret key{' '}
            <input type="password" required value={cko.secretKey} onInput={setCkoField('secretKey')} autocomplete="new-password" />
          </label>
          <label>
            Webhook signature key{' '}
            <input type="password" required value={cko.webhookSecret} onInput={setCkoField('webhookSecret')} autocomplete="new-password" />
          </label>
        </fieldset>
      )}
      <button type="submit">Create MID</button>
      <Message {...msg} />
    </form>
  );
}
