// What a report reads: the company's site, SEC EDGAR, the news (through the shared article store)
// and open social sources. Each is an HTTP client with a configurable base URL (tests use fakes).
import type { AlertDeps } from '../runs/types.ts';

export type AirSources = Pick<AlertDeps['sources'], 'companySite' | 'secCompany' | 'social' | 'news'>;
