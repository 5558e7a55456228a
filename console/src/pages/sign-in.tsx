/** Sign-in: email and password, then whatever Cognito asks next (a new password at first sign-in, an MFA code). */
import { useState } from 'preact/hooks';
import { api, type User } from '../api.js';
import { Message } from '../ui.js';
import type { ConsoleSignInAnswer, ConsoleSignInStep as Step } from '../answers.js';

export function SignIn({ params, notice, onSignedIn }: { params: URLSearchParams; notice?: string; onSignedIn: (u: User) => void }) {
  // An invitation link carries the email and one-time password in the fragment (never sent to a server).
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState(params.get('code') ?? '');
  const [step, setStep] = useState<Step | undefined>();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string>();

  const handle = (r: ConsoleSignInAnswer) => {
    if ('user' in r) return onSignedIn(r.user);
    setStep(r);
    setAnswer('');
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(undefined);
    try {
      if (!step) handle(await api.post<ConsoleSignInAnswer>('/sign-in', { email, password }));
      else
        handle(
          await api.post<ConsoleSignInAnswer>(
            '/sign-in/challenge',
            step.challenge === 'NEW_PASSWORD_REQUIRED'
              ? { pending: step.pending, new_password: answer }
              : { pending: step.pending, code: answer },
          ),
        );
    } catch (err) {
      setError((err as Error).message);
      if (step) setStep(undefined);
    }
  };
  return (
    <main class="sign-in">
      <h1>Sign in to the console</h1>
      {notice && !error && <p role="status">{notice}</p>}
      <form onSubmit={submit}>
        {!step && (
          <>
            <label>
              Email{' '}
              <input
                type="email"
                autocomplete="username"
                required
                value={email}
                onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
              />
            </label>
            <label>
              Password{' '}
              <input
                type="password"
                autocomplete="current-password"
                required
                value={password}
                onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
              />
            </label>
          </>
        )}
        {step?.challenge === 'NEW_PASSWORD_REQUIRED' && (
          <label>
            New password (at least 12 characters, upper and lower case, a digit)
            <input
              type="password"
              autocomplete="new-password"
              required
              value={answer}
              onInput={(e) => setAnswer((e.target as HTMLInputElement).value)}
            />
          </label>
        )}
        {step && step.challenge !== 'NEW_PASSWORD_REQUIRED' && (
          <>
            {step.secret_code && (
              <p>
                Add this key to your authenticator app: <code>{step.secret_code}</code>
              </p>
            )}
            <label>
              Authenticator code{' '}
              <input
                inputMode="numeric"
                pattern="\d{6}"
                autocomplete="one-time-code"
                required
                value={answer}
                onInput={(e) => setAnswer((e.target as HTMLInputElement).value)}
              />
            </label>
          </>
        )}
        <button type="submit">{step ? 'Continue' : 'Sign in'}</button>
        <Message error={error} />
      </form>
    </main>
  );
}
