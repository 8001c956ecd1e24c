// Integration tests only: which database this worker's files use.
import { inject } from 'vitest';

/** This integration worker's own database (see tests/integration/global-setup.ts). */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID) || 1) - 1] ?? urls[0]!;
}
