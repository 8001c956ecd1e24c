// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusesSearch, isTypingTarget } from './search-shortcut.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** An element of `html`, attached to the page (the rule looks at its ancestors). */
function element(html: string, selector = '*'): Element {
  document.body.innerHTML = html;
  return document.body.querySelector(selector)!;
}

const slash = (target: EventTarget | null, more: Partial<KeyboardEvent> = {}) => ({
  key: '/',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  isComposing: false,
  target,
  ...more,
});

describe('the / shortcut', () => {
  it('focuses the search from the page, a link or a button', () => {
    expect(focusesSearch(slash(document.body))).toBe(true);
    expect(focusesSearch(slash(element('<a href="/x">Link</a>')))).toBe(true);
    expect(focusesSearch(slash(element('<button type="button">Go</button>')))).toBe(true);
    expect(focusesSearch(slash(element('<input type="checkbox">')))).toBe(true);
  });

  it('is typed, not a shortcut, in text fields, textareas, selects and anything editable', () => {
    for (const html of [
      '<input>',
      '<input type="search">',
      '<input type="email">',
      '<input type="date">',
      '<textarea></textarea>',
      '<select></select>',
    ]) {
      const target = element(html);
      expect(isTypingTarget(target), html).toBe(true);
      expect(focusesSearch(slash(target)), html).toBe(false);
    }
    expect(focusesSearch(slash(element('<div contenteditable="true"><p>Text</p></div>', 'p')))).toBe(false);
    expect(focusesSearch(slash(element('<div contenteditable=""><span>Text</span></div>', 'span')))).toBe(false);
    expect(focusesSearch(slash(element('<div contenteditable="false"><span>Text</span></div>', 'span')))).toBe(true);
  });

  it('is only a plain /: not with a modifier, not while composing, not a key another control took', () => {
    expect(focusesSearch(slash(document.body, { key: '?' }))).toBe(false);
    expect(focusesSearch(slash(document.body, { key: 's' }))).toBe(false);
    expect(focusesSearch(slash(document.body, { ctrlKey: true }))).toBe(false);
    expect(focusesSearch(slash(document.body, { metaKey: true }))).toBe(false);
    expect(focusesSearch(slash(document.body, { altKey: true }))).toBe(false);
    expect(focusesSearch(slash(document.body, { isComposing: true }))).toBe(false);
    expect(focusesSearch(slash(document.body, { defaultPrevented: true }))).toBe(false);
  });

  it('leaves the focus in an open dialog', () => {
    expect(focusesSearch(slash(element('<div role="dialog"><button>Close</button></div>', 'button')))).toBe(false);
    expect(focusesSearch(slash(element('<dialog open><a href="/x">x</a></dialog>', 'a')))).toBe(false);
  });
});
