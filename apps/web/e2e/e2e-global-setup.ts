/**
 * Vitest global set-up (vite.config.ts): gives the whole test run one id, which the browser tests' harness uses to
 * build the web app once per run rather than once per test file (`buildWeb` in harness.ts).
 */
import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBuildRun: string;
  }
}

export default function setup(project: TestProject): void {
  project.provide('e2eBuildRun', randomUUID());
}
