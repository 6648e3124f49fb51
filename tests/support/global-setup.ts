import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateTemplateDatabase } from './database';

/**
 * Migrates a template database once per run; each test file starts from a copy of it (a PostgreSQL
 * `CREATE DATABASE … TEMPLATE`, or a PGlite data directory loaded from the template's dump). `runDir`
 * holds what test files of this run share and make on first demand (tests/support/demo-data.ts).
 */
export async function setup(project: TestProject) {
  const template = await migrateTemplateDatabase();
  const runDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-run-'));
  project.provide('pgliteTemplate', template.pgliteDump ?? '');
  project.provide('postgresTemplate', template.postgresTemplate ?? '');
  project.provide('runDir', runDir);
  return async () => {
    await template.cleanup();
    await rm(runDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    runDir: string;
  }
}
