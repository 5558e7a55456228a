/**
 * The globalSetup of the lanes that run the platform (integration, infra, e2e): the run's DynamoDB Local and moto,
 * handed to every test file (inject('endpoints')), and the card-data scan over everything the run wrote
 * (./test-run.ts).
 */
import type { TestProject } from 'vitest/node';
import { emulators, joinRun, leaveRun, type Endpoints } from './test-run.js';

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: Endpoints;
    /** Where the workers copy their output for the card-data scan at the end of the run. */
    cardScanDir: string;
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('endpoints', await emulators());
  project.provide('cardScanDir', joinRun(project.name).cardScanDir);
  return () => leaveRun(project.name);
}
