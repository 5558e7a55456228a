/**
 * ConsoleIdentity on Amazon Cognito user pools (moto's cognito-idp locally): server-side sign-in with
 * ADMIN_USER_PASSWORD_AUTH, so the browser talks only to the console API and never holds Cognito tokens.
 */
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  VerifySoftwareTokenCommand,
  type AdminInitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Config } from '../../lib/config.js';
import {
  ConsoleSignInError,
  type ChallengeAnswer,
  type ConsoleChallengeName,
  type ConsoleIdentity,
  type SignInStep,
} from '../../ports/console-identity.js';

let client: { key: string; value: CognitoIdentityProviderClient } | undefined;

/** Created once per container (per endpoint, for the local platform and tests that reset the environment). */
function cognito(config: Config): CognitoIdentityProviderClient {
  const key = `${config.AWS_REGION}|${config.AWS_ENDPOINT_URL ?? ''}`;
  if (client?.key === key) return client.value;
  client?.value.destroy();
  const value = new CognitoIdentityProviderClient({
    region: config.AWS_REGION,
    ...(config.AWS_ENDPOINT_URL
      ? { endpoint: config.AWS_ENDPOINT_URL, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  client = { key, value };
  return value;
}

const REFUSED = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'ResourceNotFoundException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);
const KNOWN: ConsoleChallengeName[] = ['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA', 'MFA_SETUP'];

export class CognitoConsoleIdentity implements ConsoleIdentity {
  constructor(
    private readonly config: Config,
    private readonly userPoolId: string,
    private readonly clientId: string,
  ) {}

  private get client() {
    return cognito(this.config);
  }

  async signIn(email: string, password: string): Promise<SignInStep> {
    return this.step(() =>
      this.client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: this.userPoolId,
          ClientId: this.clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      ),
    );
  }

  async respond(email: string, answer: ChallengeAnswer): Promise<SignInStep> {
    let session = answer.session;
    if (answer.name === 'MFA_SETUP') {
      // Enrolment: the code from the authenticator app proves the secret was taken; then the challenge completes.
      const verified = await this.refusing(() =>
        this.client.send(new VerifySoftwareTokenCommand({ Session: session, UserCode: answer.code ?? '' })),
      );
      session = verified.Session ?? session;
    }
    const responses: Record<string, string> = { USERNAME: email };
    if (answer.name === 'NEW_PASSWORD_REQUIRED') responses.NEW_PASSWORD = answer.newPassword ?? '';
    if (answer.name === 'SOFTWARE_TOKEN_MFA') responses.SOFTWARE_TOKEN_MFA_CODE = answer.code ?? '';
    return this.step(() =>
      this.client.send(
        new AdminRespondToAuthChallengeCommand({
          UserPoolId: this.userPoolId,
          ClientId: this.clientId,
          ChallengeName: answer.name,
          Session: session,
          ChallengeResponses: responses,
        }),
      ),
    );
  }

  async invite(email: string, opts: { deliver: boolean; temporaryPassword: string }): Promise<void> {
    await this.client.send(
      new AdminCreateUserCommand({
        UserPoolId: this.userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        // Emailed: Cognito's default invitation with a one-time password Cognito makes (it exists only there and in
        // the mail). Handed over (local platform): ours, suppressing Cognito's message.
        ...(opts.deliver
          ? { DesiredDeliveryMediums: ['EMAIL'] }
          : { TemporaryPassword: opts.temporaryPassword, MessageAction: 'SUPPRESS' }),
      }),
    );
  }

  async disable(email: string): Promise<void> {
    await this.client.send(new AdminDisableUserCommand({ UserPoolId: this.userPoolId, Username: email }));
  }

  async enable(email: string): Promise<void> {
    await this.client.send(new AdminEnableUserCommand({ UserPoolId: this.userPoolId, Username: email }));
  }

  private async step(
    call: () => Promise<Pick<AdminInitiateAuthCommandOutput, 'AuthenticationResult' | 'ChallengeName' | 'Session'>>,
  ): Promise<SignInStep> {
    const res = await this.refusing(call);
    if (res.AuthenticationResult) return { kind: 'signed-in' };
    const name = res.ChallengeName as ConsoleChallengeName | undefined;
    if (!name || !KNOWN.includes(name) || !res.Session) throw new ConsoleSignInError('This sign-in step is not supported by the console.');
    if (name !== 'MFA_SETUP') return { kind: 'challenge', name, session: res.Session };
    const assoc = await this.refusing(() => this.client.send(new AssociateSoftwareTokenCommand({ Session: res.Session })));
    return { kind: 'challenge', name, session: assoc.Session ?? res.Session, secretCode: assoc.SecretCode };
  }

  private async refusing<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'InvalidPasswordException') throw new ConsoleSignInError('The new password does not meet the password policy.');
      if (REFUSED.has(name)) throw new ConsoleSignInError();
      throw err;
    }
  }
}
