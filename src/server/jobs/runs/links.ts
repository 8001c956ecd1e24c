// The addresses alert e-mails carry: screens in the app, and signed unsubscribe links.
import { createUnsubscribeToken } from '../../mail/unsubscribe-token.ts';
import type { AlertLinks } from './types.ts';

export function createAlertLinks(appUrl: string, secret: string): AlertLinks {
  return {
    app: (pathAndQuery) => `${appUrl}${pathAndQuery}`,
    libraryItem: (runId) => `${appUrl}/library/${encodeURIComponent(runId)}`,
    unsubscribe(kind, subject) {
      const token = encodeURIComponent(createUnsubscribeToken(secret, kind, subject));
      return { page: `${appUrl}/unsubscribe?token=${token}`, oneClick: `${appUrl}/api/unsubscribe?token=${token}` };
    },
  };
}
