/** APM providers' webhook secrets: the key of the HMAC in X-Provider-Signature, one per provider. */
export interface ProviderSecretStore {
  /** The provider's secret, created (random, sealed) on first use; every caller gets the same one. */
  secret(slug: string): Promise<string>;
}
