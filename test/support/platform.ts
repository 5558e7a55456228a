/**
 * Test harness: a real local platform (gateway, handlers, pollers) on the shared emulators, with its own tables and
 * queues, plus helpers to create merchants and call the API like a merchant would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { startPlatform, type RunningPlatform } from '../../scripts/local/platform.js';
import { deps } from '../../shared/entry/composition/deps.js';
import { createMerchant, createMid, type NewMid } from '../../shared/operations/admin/merchants.js';
import { encodeForm, type FormValue } from '../../shared/protocol/form.js';
import type { Merchant } from '../../shared/domain/merchant.js';

/**
 * The platform's handlers run in this worker and log through its shared logger, whose level was set when it was first
 * imported: ERROR (vitest.config.ts), or DEBUG in a test file that reads the logs (./read-logs.ts). The same level
 * goes to the platform's environment.
 */
export async function startTestPlatform(extraEnv: Record<string, string> = {}): Promise<RunningPlatform> {
  const level = process.env.POWERTOOLS_LOG_LEVEL ?? 'ERROR';
  return startPlatform({
    port: 0,
    prefix: `t${randomUUID().slice(0, 8)}`,
    endpoints: inject('endpoints'),
    schedules: 'manual',
    extraEnv: { LOG_LEVEL: level, POWERTOOLS_LOG_LEVEL: level, CONFIG_CACHE_TTL_SECONDS: '0', ...extraEnv },
  });
}

/**
 * The test file's platform: started in a `beforeAll` and stopped in an `afterAll`, both registered where this is
 * called (call it at the top of the file, before the hooks that use it). Its fields are read through, so
 * `platform.url` works in any hook or test that runs after the start.
 */
export function usePlatform(extraEnv: Record<string, string> = {}): RunningPlatform {
  let running: RunningPlatform | undefined;
  const current = (): RunningPlatform => {
    if (!running) throw new Error('usePlatform(): the platform starts in beforeAll; read it inside a hook or a test');
    return running;
  };
  beforeAll(async () => {
    running = await startTestPlatform(extraEnv);
  });
  afterAll(async () => {
    await running?.stop();
  });
  return {
    get url() {
      return current().url;
    },
    get resources() {
      return current().resources;
    },
    get env() {
      return current().env;
    },
    get endpoints() {
      return current().endpoints;
    },
    get eventFunctions() {
      return current().eventFunctions;
    },
    runScheduled: (id) => current().runScheduled(id),
    flushStreamWindows: () => current().flushStreamWindows(),
    stop: () => current().stop(),
  };
}

export async function testMerchant(opts: { notificationUrl?: string; mids?: NewMid[] } = {}): Promise<Merchant> {
  const d = deps();
  const merchant = await createMerchant(d, { name: 'Test Shop', notificationUrl: opts.notificationUrl });
  for (const mid of opts.mids ?? [{}]) await createMid(d, merchant.clientKey, mid);
  return merchant;
}

export async function postForm(url: string, fields: Record<string, FormValue | undefined>): Promise<{ status: number; body: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(fields),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

export async function postJson(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/**
 * Polls until `check` returns a value. For asynchronous effects such as callbacks. The timeout only guards against a
 * hang (a busy 2-core machine delivers a callback in seconds, not milliseconds): never use it to measure anything.
 */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() - started > timeoutMs) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
