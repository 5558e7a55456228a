/** `-c paymentItemForm=full` reaches every function as PAYMENT_ITEM_FORM; without it they write the compact form. */
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildPaymentsApp } from '../../infra/app.js';
import { unbundledApp } from './unbundled-app.js';
import type { RouteDefinition } from '../../shared/entry/routes/types.js';
import { platformFunctions } from './platform-functions.js';

const routes: RouteDefinition[] = [
  { id: 'Everywhere', method: 'GET', path: '/fixture/page', handler: 'test/infra/fixtures/handler', grants: [] },
];

function itemForms(paymentItemForm?: 'full' | 'compact'): string[] {
  const { stack } = buildPaymentsApp({
    app: unbundledApp(),
    stage: 'prod',
    account: '111111111111',
    region: 'eu-west-1',
    routes,
    consumers: [],
    scheduled: [],
    opsEvents: [],
    paymentItemForm,
  });
  const functions = platformFunctions(Template.fromStack(stack));
  return Object.values(functions).map((f) => f.Properties.Environment.Variables.PAYMENT_ITEM_FORM as string);
}

describe('payment item form', () => {
  it('is compact unless the deploy asks for the full form', () => {
    expect(itemForms()).toEqual(['compact']);
    expect(itemForms('full')).toEqual(['full']);
  });
}, 120_000);
