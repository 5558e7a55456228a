/**
 * The globalSetup of the unit lane: no emulators and no build, only the card-data scan over what its workers print
 * (./test-run.ts). A unit test that asks for inject('endpoints') gets undefined: it belongs in test/integration.
 */
import type { TestProject } from 'vitest/node';
import { joinRun, leaveRun } from './test-run.js';

export function setup(project: TestProject): () => Promise<void> {
  project.provide('cardScanDir', joinRun(project.name).cardScanDir);
  return () => leaveRun(project.name);
}
