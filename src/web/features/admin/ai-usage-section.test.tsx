// @vitest-environment jsdom
// The console's AI usage and cost against a fake API: loading, an empty month, the figures per user,
// task and both with dollars (and "no price" where a model has none), a failed load, another month.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { opsMessages } from '../../../shared/admin-ops.ts';
import { AiUsageSection } from './ai-usage-section.tsx';
import { failure, figures, ok, renderSection, usageAnswer } from './ops-test-kit.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const priced = figures({ runs: 2, failures: 1, inputTokens: 2000, outputTokens: 1000, cost: 0.014, pricedCost: 0.014 });
const unpriced = figures({ runs: 1, inputTokens: 300, outputTokens: 100, cost: null, pricedCost: 0, unpricedModels: ['local-llama'] });
const mixed = figures({
  runs: 3,
  failures: 1,
  inputTokens: 2300,
  outputTokens: 1100,
  cost: null,
  pricedCost: 0.014,
  unpricedModels: ['local-llama'],
});

describe('the AI usage section', () => {
  it('shows a placeholder while the usage loads', () => {
    renderSection(<AiUsageSection />, { 'GET /api/admin/ai-usage': 'pending' });
    expect(screen.getByRole('heading', { level: 2, name: opsMessages.aiTitle })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the AI usage' })).toBeTruthy();
  });

  it('says when the month had no AI runs', async () => {
    renderSection(<AiUsageSection />, { 'GET /api/admin/ai-usage': ok(usageAnswer()) });
    expect(await screen.findByText(opsMessages.aiEmpty('2026-11'))).toBeTruthy();
  });

  it('shows runs, failures, tokens and cost per user, task and both, and says which models have no price', async () => {
    renderSection(<AiUsageSection />, {
      'GET /api/admin/ai-usage': ok(
        usageAnswer({
          lines: [
            { email: 'ada@example.com', task: 'research', ...priced },
            { email: 'ada@example.com', task: 'wolfebot', ...unpriced },
          ],
          users: [{ email: 'ada@example.com', ...mixed }],
          tasks: [
            { task: 'research', ...priced },
            { task: 'wolfebot', ...unpriced },
          ],
          totals: mixed,
        }),
      ),
    });
    const perUser = await screen.findByRole('table', { name: 'AI usage per user, 2026-11' });
    const ada = within(perUser).getByRole('row', { name: /ada@example.com/ });
    expect(ada.textContent).toBe('ada@example.com312,3001,100at least $0.014No price for local-llama');
    expect(within(perUser).getByRole('row', { name: /Total/ }).textContent).toContain('at least $0.014');
    const perTask = screen.getByRole('table', { name: 'AI usage per task, 2026-11' });
    expect(within(perTask).getByRole('row', { name: /research/ }).textContent).toBe('research212,0001,000$0.014');
    expect(within(perTask).getByRole('row', { name: /wolfebot/ }).textContent).toBe('wolfebot10300100UnknownNo price for local-llama');
    expect(screen.getByRole('table', { name: 'AI usage per user and task, 2026-11' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(`${opsMessages.noPrice} (local-llama)`);
  });

  it('says when the usage could not be loaded, and tries again', async () => {
    let fail = true;
    renderSection(<AiUsageSection />, {
      'GET /api/admin/ai-usage': () => (fail ? failure(500, 'internal', 'Boom') : ok(usageAnswer())),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(`${opsMessages.aiLoadError}. Please try again later.`);
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText(opsMessages.aiEmpty('2026-11'))).toBeTruthy();
  });

  it('asks for another month', async () => {
    renderSection(<AiUsageSection />, {
      'GET /api/admin/ai-usage': ok(usageAnswer()),
      'GET /api/admin/ai-usage?month=2026-10': ok(usageAnswer({ month: '2026-10' })),
    });
    await screen.findByText(opsMessages.aiEmpty('2026-11'));
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    expect(await screen.findByText(opsMessages.aiEmpty('2026-10'))).toBeTruthy();
  });
});
