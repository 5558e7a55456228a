/**
 * Runs each S2S action over an empty request under the field-read probe
 * (shared/protocol/field-probe.ts): the fields they read, with the rules they read them with, are the request body
 * the OpenAPI document describes. Storage is a stub that stops the run at its first use, so a probe never writes
 * anything; fields an action reads only after loading state are not seen (and listed in `stoppedBy` per action).
 */
import type { Deps } from '../../shared/entry/composition/deps.js';
import { DEFAULT_MAPPINGS, type MerchantConfig } from '../../shared/domain/merchant.js';
import { probeFieldReads, type FieldRead } from '../../shared/protocol/field-probe.js';
import { S2S_CARD_ACTIONS } from '../../shared/operations/s2s-card/index.js';
import { S2S_APM_ACTIONS } from '../../shared/operations/s2s-apm/index.js';
import { specReads } from './spec-reads.js';

class ProbeStop extends Error {
  constructor(what: string) {
    super(`probe stopped at deps.${what}`);
  }
}

/** Every property is a stop: the probe learns what is read before the action needs state, and never writes. */
const stubDeps = new Proxy({} as Deps, {
  get: (_t, prop) => {
    // Settings (address policies for callback_url) are not state: every setting reads as unset.
    if (prop === 'config') return {};
    throw new ProbeStop(String(prop));
  },
});

const config: MerchantConfig = {
  merchant: {
    clientKey: '00000000-0000-4000-8000-000000000000',
    name: 'probe',
    password: 'probe',
    hashAlgorithm: 'md5',
    mappings: { ...DEFAULT_MAPPINGS },
    requiredPayerFields: [],
    termsCheckbox: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  mids: [],
};

export interface ProbedBody {
  reads: FieldRead[];
  /** What ended the run (a stub use, a hash check): fields read after it are not in `reads`. */
  stoppedAt: string;
}

const describeStop = (err: unknown) => (err instanceof Error ? `${err.constructor.name}: ${err.message}` : 'completed');

export async function probeS2sCard(): Promise<Map<string, ProbedBody>> {
  const out = new Map<string, ProbedBody>();
  for (const [name, action] of S2S_CARD_ACTIONS) {
    if (action.fields) {
      out.set(name, { reads: specReads(action.fields), stoppedAt: 'declared' });
      continue;
    }
    const { reads, stoppedBy } = await probeFieldReads(() =>
      action.run({ deps: stubDeps, config, form: {}, rawBody: '', redirectParamsStyle: 'object', headers: {} }),
    );
    out.set(name, { reads, stoppedAt: describeStop(stoppedBy) });
  }
  return out;
}

export async function probeS2sApm(): Promise<Map<string, ProbedBody>> {
  const out = new Map<string, ProbedBody>();
  for (const [name, action] of S2S_APM_ACTIONS) {
    if (action.fields) {
      out.set(name, { reads: specReads(action.fields), stoppedAt: 'declared' });
      continue;
    }
    const { reads, stoppedBy } = await probeFieldReads(() => action.run({ deps: stubDeps, config, form: {}, rawBody: '' }));
    out.set(name, { reads, stoppedAt: describeStop(stoppedBy) });
  }
  return out;
}
