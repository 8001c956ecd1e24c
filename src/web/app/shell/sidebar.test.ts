import { describe, expect, it } from 'vitest';
import { isRailExpanded, type RailEvent, type RailState, railCollapsed, railReducer } from './sidebar.tsx';

const railAfter = (...events: RailEvent[]): RailState => events.reduce(railReducer, railCollapsed);

describe('railReducer', () => {
  it('opens and closes with the menu button alone, as on a touch screen', () => {
    expect(isRailExpanded(railAfter('menu-button'))).toBe(true);
    expect(isRailExpanded(railAfter('menu-button', 'menu-button'))).toBe(false);
  });

  it('closes the opened rail on a tap outside, Escape, a followed link or focus moving on to the page', () => {
    for (const closing of ['dismiss', 'link-followed', 'focus-left'] as const) {
      expect(isRailExpanded(railAfter('menu-button', closing)), closing).toBe(false);
    }
    // Focus going nowhere (a tap on something not focusable) leaves the opened rail open.
    expect(isRailExpanded(railAfter('menu-button', 'focus-lost'))).toBe(true);
  });

  it('widens under the mouse and narrows when it leaves', () => {
    expect(isRailExpanded(railAfter('mouse-move'))).toBe(true);
    expect(isRailExpanded(railAfter('mouse-move', 'mouse-leave'))).toBe(false);
    // Opened with the button, it stays open when the mouse leaves.
    expect(isRailExpanded(railAfter('mouse-move', 'menu-button', 'menu-button', 'mouse-leave'))).toBe(true);
  });

  it('collapses under the mouse with the button and stays collapsed until the mouse leaves and comes back', () => {
    const collapsed = railAfter('mouse-move', 'menu-button');
    expect(isRailExpanded(collapsed)).toBe(false);
    expect(isRailExpanded(railReducer(collapsed, 'mouse-move'))).toBe(false);
    expect(isRailExpanded(railAfter('mouse-move', 'menu-button', 'mouse-leave', 'mouse-move'))).toBe(true);
    expect(isRailExpanded(railAfter('mouse-move', 'dismiss', 'mouse-move'))).toBe(false);
  });

  it('widens with keyboard focus; the button collapses it and opens it again', () => {
    expect(isRailExpanded(railAfter('keyboard-focus'))).toBe(true);
    expect(isRailExpanded(railAfter('keyboard-focus', 'menu-button'))).toBe(false);
    expect(isRailExpanded(railAfter('keyboard-focus', 'menu-button', 'menu-button'))).toBe(true);
    expect(isRailExpanded(railAfter('keyboard-focus', 'focus-lost'))).toBe(false);
    expect(isRailExpanded(railAfter('keyboard-focus', 'dismiss'))).toBe(false);
  });

  it('keeps the same state for repeated hover and focus, so the rail does not re-render on every mouse move', () => {
    const hovered = railAfter('mouse-move');
    expect(railReducer(hovered, 'mouse-move')).toBe(hovered);
    const focused = railAfter('keyboard-focus');
    expect(railReducer(focused, 'keyboard-focus')).toBe(focused);
  });
});
