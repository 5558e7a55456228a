/**
 * The SDK's default credential chain as Lambda needs it: the function's role credentials, which Lambda puts in the
 * environment. Lambda bundles use this module in place of @aws-sdk/credential-provider-node (LAMBDA_BUNDLING's
 * alias in infra/constructs/platform-function.ts): that chain (SSO, STS, web identity, ini files, instance metadata,
 * with the nested STS/SSO clients) was ~90 KiB of every function and never used on Lambda. Locally and in tests the
 * clients get explicit credentials (aws-clients.ts), so no chain is asked there.
 */
interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The role's credentials from the environment (also what the platform's own signed requests sign with on Lambda). */
export function environmentCredentials(): Credentials {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY): Lambda bundles read only those.');
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/** Same shape as credential-provider-node's defaultProvider: (init) => provider. */
export const defaultProvider = () => async (): Promise<Credentials> => environmentCredentials();
