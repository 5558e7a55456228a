/**
 * cfn-lint finds no error in any template a stage synthesizes — the main stack and its nested stacks — for a sandbox
 * with an operator's web ACL (dev) and a live stage with everything on (prod with its own web ACL, alarm emails and a
 * custom domain).
 * Functions are not bundled here (CDK's `aws:cdk:bundling-stacks` left empty): the templates are the same but for the
 * bundles' hashes, and real-app.test.ts bundles them. Skipped, saying so, when cfn-lint is not installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPaymentsApp, type BuildOptions } from '../../infra/app.js';

const REGION = 'eu-west-1';
const installed = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;
const certificate = (region: string) => `arn:aws:acm:${region}:111111111111:certificate/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d`;

// Two stages cover every branch of the templates (cfn-lint's time grows with each template it reads): a sandbox with
// an operator's own web ACL (-c webAclArn: no stack in us-east-1), and a live stage with everything on (its own web
// ACL in us-east-1, alarm emails, a custom domain).
const STAGES: Array<Omit<BuildOptions, 'account' | 'region'>> = [
  { stage: 'dev', webAclArn: 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/operators-acl/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d' },
  {
    stage: 'prod',
    alarmEmails: ['ops@example.com', 'oncall@example.com'],
    domain: { name: 'pay.example.com', certificateArn: certificate('us-east-1') },
  },
];

interface Finding {
  Level: string;
  Rule: { Id: string };
  Message: string;
  Filename: string;
  Location: { Path: string[] };
}

const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

function synthesize(options: Omit<BuildOptions, 'account' | 'region'>): string[] {
  const outdir = mkdtempSync(join(tmpdir(), `cfn-lint-${options.stage}-`));
  outdirs.push(outdir);
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
  buildPaymentsApp({ ...options, app, account: '111111111111', region: REGION });
  app.synth();
  return readdirSync(outdir)
    .filter((f) => f.endsWith('.template.json'))
    .map((f) => join(outdir, f));
}

describe('cfn-lint', () => {
  it.skipIf(!installed)(
    installed
      ? 'finds no error in any template of dev and prod'
      : 'SKIPPED: cfn-lint is not installed (pip install cfn-lint), so the templates were not linted',
    () => {
      const templates = STAGES.flatMap(synthesize);
      // Main stack, console API, monitoring and console pages upload, per stage.
      expect(templates.length).toBeGreaterThanOrEqual(STAGES.length * 4);
      // One run for every template: cfn-lint's start-up (its schemas) is most of its time.
      const run = spawnSync('cfn-lint', ['--format', 'json', '--regions', REGION, '--', ...templates], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(run.error).toBeUndefined();
      const findings = JSON.parse(run.stdout || '[]') as Finding[];
      const errors = findings
        .filter((f) => f.Level === 'Error')
        .map((f) => `${f.Rule.Id} ${f.Filename.split('/').pop()} ${f.Location.Path.join('/')}: ${f.Message}`);
      expect(errors).toEqual([]);
      // cfn-lint exits 2 (or more) on errors, 4 on warnings only, 0 on none.
      expect(run.status === 0 || run.status === 4, run.stderr).toBe(true);
    },
    900_000,
  );
});
