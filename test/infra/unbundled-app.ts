/**
 * An App whose stacks bundle nothing (CDK's `aws:cdk:bundling-stacks` left empty), for tests of a template's settings:
 * the templates are the same but for the bundles' hashes, and bundling costs seconds per synth (an esbuild run per
 * function). real-app.test.ts, the bundle tests and cdk synth bundle.
 */
import { App } from 'aws-cdk-lib';

export function unbundledApp(context: Record<string, unknown> = {}): App {
  return new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] } });
}
