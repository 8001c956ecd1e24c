// The search box's keyboard shortcut (issue 27 §2): `/` focuses it from anywhere on a signed-in page,
// except where `/` is something the user is typing or a key another control already uses.

/** Fields where a key press is text: a text input, a textarea, a select, anything editable. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  // isContentEditable is the browser's answer; the attribute covers environments without layout (jsdom).
  return (target as HTMLElement).isContentEditable === true || target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** Inputs that take no text: `/` on them is not typing. */
const NOT_TYPED = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'isComposing' | 'target'>;

/**
 * Whether this key press moves the focus to the search box: a plain `/`, not typed into a field, not
 * taken by another control, not part of an IME composition, and not inside a dialog (which keeps the
 * focus until it closes).
 */
export function focusesSearch(event: KeyPress): boolean {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.defaultPrevented || event.isComposing) return false;
  if (isTypingTarget(event.target)) return false;
  return !(event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"], dialog'));
}
