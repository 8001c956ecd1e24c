import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/server/db/client.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { createFreshDatabase, requireDatabaseUrl } from '../support/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One database per test worker (index = VITEST_POOL_ID - 1): files in parallel never share rows. */
    databaseUrls: string[];
  }
}

/**
 * A migrated database, copied once per worker (CREATE DATABASE … TEMPLATE is a file copy): the
 * workers run files side by side, each on its own database, and files within a worker one by one.
 */
export default async function setup(project: TestProject) {
  const template = await createFreshDatabase(requireDatabaseUrl(), 'eos_it');
  const { db, pool } = createDatabase(template.url, 2);
  await runMigrations(db, pool);
  await pool.end();
  const workers = Number(project.config.maxWorkers) || 1;
  const copies: Awaited<ReturnType<typeof template.copy>>[] = [];
  for (let i = 1; i <= workers; i++) copies.push(await template.copy(`w${i}`));
  project.provide(
    'databaseUrls',
    copies.map((copy) => copy.url),
  );
  return async () => {
    for (const copy of copies) await copy.drop();
    await template.drop();
  };
}
