/**
 * `npm run admin -- mids create` without --connector: the sandbox acquirer on a sandbox stage; a live stage has no
 * sandbox connector, so there the CLI and the operation refuse a MID without one, naming the choices, and write nothing.
 */
import { describe, expect, it } from 'vitest';
import { connectorOption, runMidsCommand } from '../../../scripts/admin/mids.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { createMerchant, createMid } from '../../../shared/operations/admin/merchants.js';
import type { Mid } from '../../../shared/domain/merchant.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { usePlatform } from '../../support/platform.js';

usePlatform();

describe('mids create without --connector', () => {
  it('on a sandbox stage makes a sandbox MID', async () => {
    expect(deps().config.STAGE_KIND).toBe('sandbox');
    const merchant = await createMerchant(deps(), { name: 'Default Shop' });
    const mid = (await runMidsCommand('create', [merchant.clientKey])) as Mid;
    expect(mid).toMatchObject({ connector: 'sandbox', name: 'sandbox-SMS/DMS' });
  });

  it('on a live stage is refused with the choices, and nothing is written', async () => {
    expect(() => connectorOption(undefined, 'live')).toThrow(
      '--connector is required on a live stage (it has no sandbox connector): one of --connector upstream, --connector adyen, --connector checkout-com (docs/connectors.md).',
    );
    expect(connectorOption('adyen', 'live')).toBe('adyen');
    expect(connectorOption(undefined, 'sandbox')).toBe('sandbox');

    // The operation itself (the console's and scripts' path) has no default on a live stage either.
    const d = deps();
    const merchant = await createMerchant(d, { name: 'Live Shop' });
    const live = {
      merchants: d.merchants,
      secrets: d.secrets,
      connectors: d.connectors,
      config: { ...d.config, STAGE_KIND: 'live' as const },
    };
    const refused = await createMid(live, merchant.clientKey, {}).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fieldErrors).toEqual([
      { field: 'connector', message: 'A live stage has no default connector: name one of upstream, adyen, checkout-com.' },
    ]);
    expect((await d.merchants.get(merchant.clientKey))!.mids).toEqual([]);
  });
});
