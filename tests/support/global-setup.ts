import { migrateTemplateDatabase } from './database';

/** With TEST_DATABASE_URL set, migrates a template database once; each test file copies it. */
export async function setup() {
  await migrateTemplateDatabase();
}
