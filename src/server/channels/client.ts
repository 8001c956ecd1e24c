// The outbound client channel deliveries go through: the one checked client (ADR 019), built like
// the publishers' one. A channel's address is the user's choice, so no host is trusted, not even a
// configured service's; every connection and every redirect hop must reach a public address.
import type { Config } from '../config.ts';
import { createSourceHttp } from '../sources/web/http.ts';

/** A receiver that has not answered in this time is tried again later (Slack and Teams answer in well under a second). */
const CHANNEL_TIMEOUT_MS = 10_000;

export function createChannelHttp(config: Pick<Config, 'appUrl' | 'PUBLISHER_ALLOW_PRIVATE_ADDRESSES'>) {
  return createSourceHttp({
    userAgent: `EnterpriseOS/1.0 (+${config.appUrl})`,
    timeoutMs: CHANNEL_TIMEOUT_MS,
    defaultService: 'channel',
    // Tests' fakes on loopback only; production refuses the setting (config.ts).
    allowPrivateAddresses: config.PUBLISHER_ALLOW_PRIVATE_ADDRESSES,
  });
}
