import { describe, expect, it } from 'vitest';
import { isRecordablePath, recordingEnabled, sessionRecordingOptions } from './recording.ts';

describe('session recording', () => {
  it('records only with a key and an opted-in user', () => {
    expect(recordingEnabled('phc_key', { posthogEnabled: true })).toBe(true);
    expect(recordingEnabled('phc_key', { posthogEnabled: false })).toBe(false);
    expect(recordingEnabled(null, { posthogEnabled: true })).toBe(false);
    expect(recordingEnabled('', { posthogEnabled: true })).toBe(false);
    expect(recordingEnabled('phc_key', null)).toBe(false);
  });

  it('never records the pages where a password is set', () => {
    expect(isRecordablePath('/create-password')).toBe(false);
    expect(isRecordablePath('/reset-password/')).toBe(false);
    expect(isRecordablePath('/homepage')).toBe(true);
    expect(isRecordablePath('/')).toBe(true);
  });

  it('masks password inputs and captures no network payloads', () => {
    expect(sessionRecordingOptions.maskInputOptions.password).toBe(true);
    expect(sessionRecordingOptions.recordBody).toBe(false);
    expect(sessionRecordingOptions.recordHeaders).toBe(false);
  });
});
