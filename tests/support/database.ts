// Test databases: a fresh database per run on the server in DATABASE_URL (CI gives each run its
// own). `npm test` starts the embedded PostgreSQL and sets DATABASE_URL when none is configured.
import pg from 'pg';

export function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests with `npm test`, which provides a database.');
  return url;
}

type TestDatabase = { url: string; drop: () => Promise<void>; copy: (suffix: string) => Promise<TestDatabase> };

async function adminQuery(baseUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function testDatabase(baseUrl: string, name: string): TestDatabase {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    /** A copy of this database (it must have no open connections), e.g. one per test worker. */
    async copy(suffix) {
      await adminQuery(baseUrl, `CREATE DATABASE "${name}_${suffix}" TEMPLATE "${name}"`);
      return testDatabase(baseUrl, `${name}_${suffix}`);
    },
  };
}

export async function createFreshDatabase(baseUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  await adminQuery(baseUrl, `CREATE DATABASE "${name}"`);
  return testDatabase(baseUrl, name);
}
