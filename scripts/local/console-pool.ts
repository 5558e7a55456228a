/**
 * The console's user pool on moto's cognito-idp: the same Cognito API the deployed pool answers (AdminCreateUser,
 * AdminInitiateAuth, AdminRespondToAuthChallenge), so sign-in runs the real adapter locally. moto keeps nothing across
 * restarts: every start creates the pool anew and hands out new one-time passwords (console-users.ts).
 */
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export interface ConsolePool {
  userPoolId: string;
  clientId: string;
}

export async function createConsolePool(prefix: string, ep: { moto: string; region: string }): Promise<ConsolePool> {
  const cognito = new CognitoIdentityProviderClient({
    region: ep.region,
    endpoint: ep.moto,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const pool = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: `${prefix}-console`,
        UsernameAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 12,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: false,
          },
        },
        // Deployed pools require TOTP (infra); moto cannot check codes by default, so locally there is none.
        MfaConfiguration: 'OFF',
      }),
    );
    const userPoolId = pool.UserPool!.Id!;
    const client = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'console',
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    return { userPoolId, clientId: client.UserPoolClient!.ClientId! };
  } finally {
    cognito.destroy();
  }
}
