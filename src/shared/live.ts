// Live updates (DESIGN §5): the database announces every change to a user-owned row; the server
// forwards the owner's changes on GET /api/events as SSE `change` events with this payload.
export const USER_TABLES = [
  'users',
  'sonar_alerts',
  'sonar_results',
  'newsletter_alerts',
  'newsletter_results',
  'earnings_tracking',
  'earnings_tracking_results',
  'feature_interest',
  'air_reports',
  'library_items',
  'wolfebot_conversations',
  'wolfebot_messages',
  'channels',
  'channel_deliveries',
  'alert_channels',
  'sessions',
  'passkeys',
  'security_events',
  'data_exports',
  'trigger_subscriptions',
  'trigger_settings',
] as const;
export type UserTable = (typeof USER_TABLES)[number];

export type LiveChange = { table: UserTable; op: 'INSERT' | 'UPDATE' | 'DELETE' };
