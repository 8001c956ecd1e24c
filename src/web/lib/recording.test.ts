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

  it('masks every input (codes and e-mails included) and captures no network payloads', () => {
    expect(sessionRecordingOptions.maskAllInputs).toBe(true);
    expect(Object.values(sessionRecordingOptions.maskInputOptions).every(Boolean)).toBe(true);
    expect(sessionRecordingOptions.maskInputOptions).toMatchObject({ password: true, email: true, text: true, textarea: true, tel: true });
    expect(sessionRecordingOptions.recordBody).toBe(false);
    expect(sessionRecordingOptions.recordHeaders).toBe(false);
  });
});
