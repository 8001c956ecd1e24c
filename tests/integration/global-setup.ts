import type { TestProject } from 'vitest/node';
import { createFreshDatabase, requireDatabaseUrl } from '../support/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createFreshDatabase(requireDatabaseUrl(), 'eos_it');
  project.provide('databaseUrl', database.url);
  return () => database.drop();
}
