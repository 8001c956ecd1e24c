// A user agent as people name their devices (issue 30: the sessions list, the security log and the
// security e-mails): "Chrome 140" on "a Windows computer". Parsed on the server only, so the web
// bundle carries no parser. A header is whatever the client sent: anything unreadable is "Unknown".
import Bowser from 'bowser';

export type UserAgentLabels = { browser: string; device: string };

const UNKNOWN: UserAgentLabels = { browser: 'Unknown browser', device: 'Unknown device' };
/** Longer headers are cut before parsing: bowser's patterns need no more, and a client chooses the length. */
const MAX_LENGTH = 512;

export function userAgentLabels(userAgent: string | null | undefined): UserAgentLabels {
  const header = userAgent?.trim().slice(0, MAX_LENGTH);
  if (!header) return UNKNOWN;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(header);
  } catch {
    return UNKNOWN;
  }
  const name = parsed.browser.name?.trim();
  const major = parsed.browser.version?.split('.')[0];
  const browser = name ? (major ? `${name} ${major}` : name) : UNKNOWN.browser;
  return { browser, device: deviceLabel(parsed) };
}

function deviceLabel({ os, platform }: Bowser.Parser.ParsedResult): string {
  const system = os.name?.trim();
  if (platform.model === 'iPhone' || platform.model === 'iPad') return platform.model;
  if (platform.type === 'mobile') return system ? `${system} phone` : 'Phone';
  if (platform.type === 'tablet') return system ? `${system} tablet` : 'Tablet';
  if (platform.type === 'tv') return system ? `${system} TV` : 'TV';
  if (system === 'macOS') return 'Mac';
  if (system) return `${system} computer`;
  return UNKNOWN.device;
}

/** "Chrome 140 on a Mac", for a sentence (the e-mails). */
export function userAgentSentence(userAgent: string | null | undefined): string {
  const { browser, device } = userAgentLabels(userAgent);
  if (device === UNKNOWN.device) return browser === UNKNOWN.browser ? 'an unknown browser and device' : `${browser} on an unknown device`;
  const article = /^[aeiou]/i.test(device) ? 'an' : 'a';
  return `${browser === UNKNOWN.browser ? 'an unknown browser' : browser} on ${article} ${device}`;
}
