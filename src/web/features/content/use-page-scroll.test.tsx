// @vitest-environment jsdom
// Where the page moves when something new arrives: the hooks section after a delay (its heading
// focused), and the bottom of the page once a draft is rendered.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRevealLater, useScrollToEnd } from './use-page-scroll.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useRevealLater', () => {
  function mounted() {
    const hook = renderHook(() => useRevealLater(100));
    const section = document.createElement('section');
    const heading = document.createElement('h2');
    const scrollIntoView = vi.fn();
    section.scrollIntoView = scrollIntoView;
    const focus = vi.spyOn(heading, 'focus');
    hook.result.current.section.current = section;
    hook.result.current.heading.current = heading;
    return { ...hook, scrollIntoView, focus };
  }

  it('scrolls the section into view and focuses its heading after the delay', () => {
    const { result, scrollIntoView, focus } = mounted();
    result.current.reveal();
    vi.advanceTimersByTime(99);
    expect(scrollIntoView).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it('does nothing once the page is left', () => {
    const { result, unmount, scrollIntoView, focus } = mounted();
    result.current.reveal();
    unmount();
    vi.advanceTimersByTime(1_000);
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(focus).not.toHaveBeenCalled();
  });
});

describe('useScrollToEnd', () => {
  it('scrolls to the bottom once per request, never on its own', () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as never;
    const { result, rerender } = renderHook(() => useScrollToEnd());
    rerender();
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => result.current());
    expect(scrollTo).toHaveBeenCalledOnce();
    expect(scrollTo).toHaveBeenCalledWith({ top: document.documentElement.scrollHeight, behavior: 'smooth' });
    rerender();
    act(() => result.current());
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
