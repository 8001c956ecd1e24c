// For the Runs, Mail, AI usage and Sources sections' tests: the fake API of lib/test-api.tsx, and
// answers shaped as the server's.
import type { AiUsageAnswer, MailAnswer, OpsMail, OpsRun, RunsAnswer, SourcesAnswer, UsageFigures } from '../../../shared/admin-ops.ts';
import { OPS_RUN_KINDS } from '../../../shared/admin-ops.ts';
import { renderWithApi } from '../../lib/test-api.tsx';

export { type Answer, failure, ok } from '../../lib/test-api.tsx';
export const renderSection = renderWithApi;

export const run = (overrides: Partial<OpsRun> = {}): OpsRun => ({
  id: 'run-1',
  kind: 'earnings_check',
  userEmail: 'ada@example.com',
  slot: 'manual:2026-11-27T18:00:00.000Z',
  status: 'failed',
  view: 'failed',
  attempts: 3,
  dueAt: '2026-11-27T18:00:00.000Z',
  createdAt: '2026-11-27T18:00:00.000Z',
  startedAt: '2026-11-27T18:00:01.000Z',
  finishedAt: '2026-11-27T18:01:00.000Z',
  reason: 'SEC answered 503 Service Unavailable',
  retryBlocked: null,
  ...overrides,
});

export const runsAnswer = (runs: OpsRun[], overrides: Partial<RunsAnswer> = {}): RunsAnswer => ({
  lateAfterMinutes: 15,
  failedWindowDays: 7,
  byKind: OPS_RUN_KINDS.map((kind) => ({ kind, due: 0, running: 0, late: 0, failed: 0 })),
  totals: { due: 0, running: 0, late: 0, failed: 0 },
  runs,
  page: 1,
  pageSize: 50,
  hasMore: false,
  ...overrides,
});

export const mail = (overrides: Partial<OpsMail> = {}): OpsMail => ({
  id: 'mail-1',
  createdAt: '2026-11-27T18:00:00.000Z',
  kind: 'news-alert',
  to: 'ada@example.com',
  userEmail: 'ada@example.com',
  subject: 'Acme Robotics: new plant',
  status: 'failed',
  attempts: 8,
  unknownOutcomeAttempts: 0,
  sentAt: null,
  lastError: '550 mailbox unavailable',
  resendBlocked: null,
  ...overrides,
});

export const mailAnswer = (mails: OpsMail[], overrides: Partial<MailAnswer> = {}): MailAnswer => ({
  windowDays: 30,
  counts: { pending: 0, sent: 0, retried: 0, failed: 0, unknown: 0, captured: 0 },
  mails,
  page: 1,
  pageSize: 50,
  hasMore: false,
  ...overrides,
});

export const figures = (overrides: Partial<UsageFigures> = {}): UsageFigures => ({
  runs: 0,
  failures: 0,
  inputTokens: 0,
  outputTokens: 0,
  cost: 0,
  pricedCost: 0,
  unpricedModels: [],
  ...overrides,
});

export const usageAnswer = (overrides: Partial<AiUsageAnswer> = {}): AiUsageAnswer => ({
  month: '2026-11',
  from: '2026-11-01T04:00:00Z',
  to: '2026-12-01T05:00:00Z',
  lines: [],
  users: [],
  tasks: [],
  totals: figures(),
  ...overrides,
});

export const sourcesAnswer = (overrides: Partial<SourcesAnswer> = {}): SourcesAnswer => ({
  window: 'hour',
  from: '2026-11-27T17:00:00Z',
  services: [],
  totals: { total: 0, ok: 0, okRate: null },
  decode: { checked: 0, decoded: 0, rate: null },
  robots: { refusals: 0, blockedArticles: 0 },
  articles: { read: 0, ok: 0, blocked: 0, paywalled: 0, failed: 0, share: null },
  ...overrides,
});
