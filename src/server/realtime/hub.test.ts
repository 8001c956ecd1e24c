import { describe, expect, it } from 'vitest';
import { parseAnnouncement } from './hub.ts';

describe('parseAnnouncement', () => {
  it('reads the trigger payload', () => {
    expect(parseAnnouncement('{"table":"sonar_alerts","op":"UPDATE","userId":"u1"}')).toEqual({
      table: 'sonar_alerts',
      op: 'UPDATE',
      userId: 'u1',
    });
  });

  it.each([
    ['not JSON', 'nope'],
    ['no payload', undefined],
    ['an unknown table', '{"table":"verifications","op":"UPDATE","userId":"u1"}'],
    ['an unknown operation', '{"table":"users","op":"TRUNCATE","userId":"u1"}'],
    ['no owner', '{"table":"users","op":"UPDATE","userId":null}'],
  ])('ignores %s', (_case, payload) => {
    expect(parseAnnouncement(payload)).toBeNull();
  });
});
