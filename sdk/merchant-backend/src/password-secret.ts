/**
 * On AWS the password lives in Secrets Manager, not in the function's environment (which anyone allowed to read
 * the function's configuration could see). Read once per container.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export async function readPasswordSecret(secretId: string): Promise<string> {
  const answer = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!answer.SecretString) throw new Error(`secret ${secretId} has no string value`);
  return answer.SecretString;
}
