import type { TestProject } from 'vitest/node';
import { migrateTemplateDatabase } from './database';

/**
 * Migrates a template database once per run; each test file starts from a copy of it (a PostgreSQL
 * `CREATE DATABASE … TEMPLATE`, or a PGlite data directory loaded from the template's dump).
 */
export async function setup(project: TestProject) {
  const template = await migrateTemplateDatabase();
  project.provide('pgliteTemplate', template.pgliteDump ?? '');
  project.provide('postgresTemplate', template.postgresTemplate ?? '');
  return template.cleanup;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
