/**
 * Merchant and MID administration (admin CLI, local sandbox merchant). Credentials are generated here:
 * client_key is a UUID, the password 32 random hex characters (the protocol's shape).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { DEFAULT_MAPPINGS, type Merchant, type Mid } from '../../domain/merchant.js';
import { ValidationError } from '../../errors.js';
import { connectorNames } from '../../connectors/registry.js';

const url = z.url({ protocol: /^https?$/ }).max(255);

export interface NewMerchant {
  name: string;
  notificationUrl?: string;
  clientKey?: string;
  password?: string;
}

export async function createMerchant(d: Deps, input: NewMerchant): Promise<Merchant> {
  if (!input.name?.trim()) throw ValidationError.field('name', 'This value should not be blank.');
  if (input.notificationUrl && !url.safeParse(input.notificationUrl).success) throw ValidationError.field('notification_url', 'This value is not a valid URL.');
  const merchant: Merchant = {
    clientKey: input.clientKey ?? randomUUID(),
    name: input.name.trim(),
    password: input.password ?? randomBytes(16).toString('hex'),
    notificationUrl: input.notificationUrl,
    hashAlgorithm: 'md5',
    mappings: { ...DEFAULT_MAPPINGS },
    requiredPayerFields: [],
    termsCheckbox: false,
    createdAt: d.clock.now().toISOString(),
  };
  await d.merchants.create(merchant);
  return merchant;
}

export interface NewMid {
  name?: string;
  paymentMode?: Mid['paymentMode'];
  moto?: boolean;
  zeroAmount?: boolean;
  connector?: string;
  descriptor?: string;
}

export async function createMid(d: Deps, clientKey: string, input: NewMid = {}): Promise<Mid> {
  const config = await d.merchants.get(clientKey);
  if (!config) throw ValidationError.field('client_key', 'This value is not correct.');
  const connector = input.connector ?? 'sandbox';
  if (!connectorNames().includes(connector)) throw ValidationError.field('connector', 'The value you selected is not a valid choice.');
  const paymentMode = input.paymentMode ?? 'SMS/DMS';
  if (!['SMS', 'DMS', 'SMS/DMS'].includes(paymentMode)) throw ValidationError.field('payment_mode', 'The value you selected is not a valid choice.');
  const mid: Mid = {
    midId: randomUUID(),
    name: input.name ?? `${connector}-${paymentMode}`,
    paymentMode,
    moto: input.moto ?? false,
    zeroAmount: input.zeroAmount ?? false,
    connector,
    enabled: true,
    descriptor: input.descriptor ?? config.merchant.name.slice(0, 22),
  };
  await d.merchants.putMid(clientKey, mid);
  return mid;
}
