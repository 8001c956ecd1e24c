import { describe, expect, it } from 'vitest';
import { defaultEmailHint } from './notification-email.ts';

describe('defaultEmailHint', () => {
  it('names the default address an empty field stands for (news alerts, earnings alerts, newsletter)', () => {
    expect(defaultEmailHint('me@example.com')).toBe('Leave empty to use your default address (me@example.com), set in Profile.');
  });
});
