// @vitest-environment jsdom
// The overlay's tip rotation on a fake clock: a random tip on opening, a different one at 8 s and
// 16 s (spec 02 §9), nothing running once closed or unmounted.
import { act, cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIP_INTERVAL_MS } from '../../../shared/content.ts';
import { LoadingOverlay } from './loading-overlay.tsx';
import { LOADING_TIPS } from './tips.ts';
import { nextTipIndex, useRotatingTip } from './use-rotating-tip.ts';

const TIPS = ['tip A', 'tip B', 'tip C', 'tip D'] as const;

/** A random source that answers the given values in turn (then keeps the last). */
function sequence(...values: number[]) {
  const fn = vi.fn(() => (values.length > 1 ? values.shift()! : values[0]!));
  return fn;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('nextTipIndex', () => {
  it('never returns the current index and reaches every other one', () => {
    for (const current of [0, 1, 3]) {
      const reached = new Set([0, 0.25, 0.5, 0.75, 0.999999].map((r) => nextTipIndex(4, current, () => r)));
      expect(reached.has(current)).toBe(false);
      expect(reached.size).toBe(3);
    }
  });

  it('stays in range when the random source returns its upper edge', () => {
    expect(nextTipIndex(4, 3, () => 1)).toBe(2);
  });

  it('has nothing else to pick from a single tip', () => {
    expect(nextTipIndex(1, 0, () => 0.7)).toBe(0);
  });
});

describe('useRotatingTip', () => {
  it('picks a random tip on opening and a different one at 8 s and 16 s, not before', () => {
    // 0.5 of 4 → index 2 (tip C); then 0.0 of the 3 others → tip A; then 0.99 → tip D.
    const random = sequence(0.5, 0, 0.99);
    const { result } = renderHook(() => useRotatingTip(TIPS, true, random));
    expect(result.current).toBe('tip C');

    advance(TIP_INTERVAL_MS - 1);
    expect(result.current).toBe('tip C');
    advance(1);
    expect(result.current).toBe('tip A');

    advance(TIP_INTERVAL_MS - 1);
    expect(result.current).toBe('tip A');
    advance(1);
    expect(result.current).toBe('tip D');
  });

  it('never shows the same tip twice in a row, even if the random source repeats itself', () => {
    const { result } = renderHook(() => useRotatingTip(TIPS, true, () => 0));
    const shown = [result.current];
    for (let i = 0; i < 6; i += 1) {
      advance(TIP_INTERVAL_MS);
      shown.push(result.current);
    }
    for (let i = 1; i < shown.length; i += 1) expect(shown[i]).not.toBe(shown[i - 1]);
  });

  it('shows nothing and runs no timer while closed, and starts afresh on reopening', () => {
    const random = sequence(0, 0, 0.75, 0);
    const { result, rerender } = renderHook(({ open }) => useRotatingTip(TIPS, open, random), { initialProps: { open: false } });
    expect(result.current).toBeNull();
    expect(vi.getTimerCount()).toBe(0);

    rerender({ open: true });
    expect(result.current).toBe('tip A');
    advance(TIP_INTERVAL_MS);
    expect(result.current).toBe('tip B');

    rerender({ open: false });
    expect(result.current).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    advance(TIP_INTERVAL_MS * 3);
    expect(random).toHaveBeenCalledTimes(2);

    // Reopening picks a new random tip and restarts the 8 s clock from zero.
    rerender({ open: true });
    expect(result.current).toBe('tip D');
    advance(TIP_INTERVAL_MS - 1);
    expect(result.current).toBe('tip D');
    advance(1);
    expect(result.current).toBe('tip A');
  });

  it('keeps its clock when the caller re-renders with a new random function', () => {
    const { result, rerender } = renderHook(({ random }) => useRotatingTip(TIPS, true, random), { initialProps: { random: () => 0 } });
    advance(TIP_INTERVAL_MS / 2);
    rerender({ random: () => 0 });
    advance(TIP_INTERVAL_MS / 2);
    expect(result.current).toBe('tip B');
  });

  it('clears its timer on unmount', () => {
    const { unmount } = renderHook(() => useRotatingTip(TIPS, true, () => 0));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('LoadingOverlay', () => {
  it('renders nothing while closed', () => {
    const { container } = render(<LoadingOverlay open={false} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is a polite status named for the wait, with a tip from the list that changes after 8 s', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    render(<LoadingOverlay open />);
    const status = screen.getByRole('status', { name: 'Generating your hooks' });
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.className).toContain('fixed');
    expect(status.className).toContain('z-50');
    expect(screen.getByText('Writing your hooks...')).toBeTruthy();
    // The tip changes every 8 s without being read out each time.
    expect(screen.getByText(LOADING_TIPS[0]!).getAttribute('aria-live')).toBe('off');

    advance(TIP_INTERVAL_MS - 1);
    expect(screen.getByText(LOADING_TIPS[0]!)).toBeTruthy();
    advance(1);
    expect(screen.queryByText(LOADING_TIPS[0]!)).toBeNull();
    expect(screen.getByText(LOADING_TIPS[1]!)).toBeTruthy();
  });

  it('offers Cancel only when given onCancel; Cancel takes the focus and calls it', () => {
    const { rerender } = render(<LoadingOverlay open />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    rerender(<LoadingOverlay open={false} />);

    const onCancel = vi.fn();
    rerender(<LoadingOverlay open onCancel={onCancel} />);
    const cancel = within(screen.getByRole('status', { name: 'Generating your hooks' })).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('gives the focus back on closing when it went away with the overlay, and only then', () => {
    const target = document.createElement('button');
    const other = document.createElement('button');
    document.body.append(target, other);
    try {
      const returnFocus = { current: target };
      const { rerender } = render(<LoadingOverlay open onCancel={() => {}} returnFocus={returnFocus} />);
      rerender(<LoadingOverlay open={false} onCancel={() => {}} returnFocus={returnFocus} />);
      expect(document.activeElement).toBe(target);

      // Focus already somewhere else (the hooks heading, say): left there.
      rerender(<LoadingOverlay open onCancel={() => {}} returnFocus={returnFocus} />);
      other.focus();
      rerender(<LoadingOverlay open={false} onCancel={() => {}} returnFocus={returnFocus} />);
      expect(document.activeElement).toBe(other);
    } finally {
      target.remove();
      other.remove();
    }
  });

  it('closes and stops rotating', () => {
    const { rerender } = render(<LoadingOverlay open />);
    rerender(<LoadingOverlay open={false} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('tip text', () => {
  it('is rendered as text, never as markup', () => {
    const markup = '<img src=x onerror="alert(1)"><b>bold</b>';
    render(<LoadingOverlay open tips={[markup]} />);
    const status = screen.getByRole('status', { name: 'Generating your hooks' });
    expect(screen.getByText(markup)).toBeTruthy();
    expect(status.querySelector('img, b')).toBeNull();
  });
});
