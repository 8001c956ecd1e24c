import { describe, expect, it } from 'vitest';
import { userAgentLabels, userAgentSentence } from './user-agent.ts';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0';

describe('userAgentLabels', () => {
  it('names the browser with its major version and the device as people call it', () => {
    expect(userAgentLabels(CHROME_LINUX)).toEqual({ browser: 'Chrome 140', device: 'Linux computer' });
    expect(userAgentLabels(SAFARI_IPHONE)).toEqual({ browser: 'Safari 17', device: 'iPhone' });
    expect(userAgentLabels(EDGE_WINDOWS)).toEqual({ browser: 'Microsoft Edge 120', device: 'Windows computer' });
    expect(userAgentLabels(SAFARI_MAC)).toEqual({ browser: 'Safari 17', device: 'Mac' });
    expect(userAgentLabels(FIREFOX_ANDROID)).toEqual({ browser: 'Firefox 121', device: 'Android phone' });
  });

  it('says "unknown" for no header, an empty one, and a client that is not a browser', () => {
    expect(userAgentLabels(null)).toEqual({ browser: 'Unknown browser', device: 'Unknown device' });
    expect(userAgentLabels('   ')).toEqual({ browser: 'Unknown browser', device: 'Unknown device' });
    expect(userAgentLabels('curl/8.5.0')).toEqual({ browser: 'Unknown browser', device: 'Unknown device' });
  });

  it('reads a very long header without trouble', () => {
    expect(userAgentLabels(`${CHROME_LINUX} ${'x'.repeat(100_000)}`).browser).toBe('Chrome 140');
  });
});

describe('userAgentSentence', () => {
  it('puts browser and device in a sentence', () => {
    expect(userAgentSentence(CHROME_LINUX)).toBe('Chrome 140 on a Linux computer');
    expect(userAgentSentence(SAFARI_IPHONE)).toBe('Safari 17 on an iPhone');
    expect(userAgentSentence(SAFARI_MAC)).toBe('Safari 17 on a Mac');
    expect(userAgentSentence(FIREFOX_ANDROID)).toBe('Firefox 121 on an Android phone');
    expect(userAgentSentence(undefined)).toBe('an unknown browser and device');
  });
});
