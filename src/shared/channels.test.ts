// A channel's address is checked when it is saved (issue 29): the real Slack and Teams shapes pass,
// look-alikes do not, and loopback stands in for a service only where tests allow local fakes.
import { describe, expect, it } from 'vitest';
import { channelMessages, channelUrlHint, channelUrlProblem } from './channels.ts';

const SLACK = 'https://hooks.slack.com/services/T000/B000/XXXX';
const TEAMS_LOGIC = 'https://prod-12.westus.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=x';
const TEAMS_POWER_PLATFORM =
  'https://x.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/abc/triggers/manual/paths/invoke?api-version=1&sig=y';

describe('channelUrlProblem', () => {
  it.each([
    ['slack', SLACK],
    ['slack', 'https://hooks.slack.com/services/T0123ABC/B0456DEF/abcdEFGH1234/'],
    ['slack', 'https://hooks.slack-gov.com/services/T000/B000/XXXX'],
    ['teams', TEAMS_LOGIC],
    ['teams', TEAMS_POWER_PLATFORM],
    ['webhook', 'https://hooks.example.com/enterprise-os'],
    ['webhook', '  https://crm.example.org:8443/in?token=abc  '],
  ] as const)('accepts a real %s address: %s', (kind, url) => {
    expect(channelUrlProblem(kind, url)).toBeNull();
  });

  it.each([
    ['slack', 'hooks.slack.com/services/T000/B000/XXXX', channelMessages.urlInvalid],
    ['slack', 'not a url', channelMessages.urlInvalid],
    ['slack', 'http://hooks.slack.com/services/T000/B000/XXXX', channelMessages.urlHttps],
    ['slack', 'https://hooks.slack.com.evil.com/services/T000/B000/XXXX', channelMessages.urlSlack],
    ['slack', 'https://evil.com/services/T000/B000/XXXX', channelMessages.urlSlack],
    ['slack', 'https://evilhooks.slack.com/services/T000/B000/XXXX', channelMessages.urlSlack],
    ['slack', 'https://hooks.slack.com/workflows/T000/B000/XXXX', channelMessages.urlSlack],
    ['slack', 'https://hooks.slack.com/services/T000/B000', channelMessages.urlSlack],
    ['slack', 'https://user:pass@hooks.slack.com/services/T000/B000/XXXX', channelMessages.urlCredentials],
    ['teams', 'https://logic.azure.com.evil.com/workflows/abc/triggers/manual/paths/invoke', channelMessages.urlTeams],
    ['teams', 'https://evil.com/workflows/abc/triggers/manual/paths/invoke', channelMessages.urlTeams],
    ['teams', 'https://evillogic.azure.com/workflows/abc/triggers/manual', channelMessages.urlTeams],
    ['teams', 'https://prod-12.westus.logic.azure.com/some/other/path', channelMessages.urlTeams],
    ['teams', 'http://prod-12.westus.logic.azure.com/workflows/abc/triggers/manual', channelMessages.urlHttps],
    ['webhook', 'http://hooks.example.com/in', channelMessages.urlHttps],
    ['webhook', 'ftp://hooks.example.com/in', channelMessages.urlHttps],
    ['webhook', 'https://127.0.0.1/in', channelMessages.urlNotPublic],
    ['webhook', 'https://localhost/in', channelMessages.urlNotPublic],
    ['webhook', 'https://intranet/in', channelMessages.urlNotPublic],
  ] as const)('refuses the %s address %s', (kind, url, message) => {
    expect(channelUrlProblem(kind, url)).toBe(message);
  });

  it('takes loopback in place of the service only with loopbackFakes, and still checks the path', () => {
    const fakeSlack = 'http://127.0.0.1:47201/services/T000/B000/XXXX';
    expect(channelUrlProblem('slack', fakeSlack)).toBe(channelMessages.urlHttps);
    expect(channelUrlProblem('slack', fakeSlack, { loopbackFakes: true })).toBeNull();
    expect(channelUrlProblem('slack', 'http://127.0.0.1:47201/hooks/x', { loopbackFakes: true })).toBe(channelMessages.urlSlack);
    expect(channelUrlProblem('teams', 'http://localhost:1/workflows/a/triggers/manual', { loopbackFakes: true })).toBeNull();
    expect(channelUrlProblem('webhook', 'http://[::1]:1/in', { loopbackFakes: true })).toBeNull();
    expect(channelUrlProblem('webhook', 'http://[::1]:1/in')).toBe(channelMessages.urlHttps);
    // Only loopback: another private or public host is still held to https and its service's host.
    expect(channelUrlProblem('slack', 'http://10.0.0.1/services/T000/B000/XXXX', { loopbackFakes: true })).toBe(channelMessages.urlHttps);
    expect(channelUrlProblem('slack', 'https://evil.com/services/T000/B000/XXXX', { loopbackFakes: true })).toBe(channelMessages.urlSlack);
  });
});

describe('channelUrlHint', () => {
  it('shows the host and the end of the path, never the query nor the rest of the path', () => {
    expect(channelUrlHint(SLACK)).toBe('hooks.slack.com/…XXXX');
    const teams = channelUrlHint(TEAMS_LOGIC);
    expect(teams).toBe('prod-12.westus.logic.azure.com/…voke');
    expect(teams).not.toContain('sig');
    expect(channelUrlHint('https://hooks.example.com/in/abcdef123456/')).toBe('hooks.example.com/…3456');
    expect(channelUrlHint('http://127.0.0.1:47201/services/T000/B000/XXXX')).toBe('127.0.0.1:47201/…XXXX');
  });
});
