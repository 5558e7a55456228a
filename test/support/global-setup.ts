/** Starts the emulators once per test run and hands their endpoints to every test file (inject('endpoints')). */
import type { TestProject } from 'vitest/node';
import { checkPrerequisites, startDynamoDbLocal, startMoto, type Emulator } from '../../scripts/local/emulators.js';

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: { dynamodb: string; moto: string };
  }
}

let running: Emulator[] = [];

export async function setup(project: TestProject): Promise<void> {
  checkPrerequisites();
  const [dynamodb, moto] = await Promise.all([startDynamoDbLocal(), startMoto()]);
  running = [dynamodb, moto];
  project.provide('endpoints', { dynamodb: dynamodb.endpoint, moto: moto.endpoint });
}

export async function teardown(): Promise<void> {
  await Promise.all(running.map((e) => e.stop()));
}
