// The live-updates stream (DESIGN §5, live-updates.ts): one EventSource per signed-in tab on
// /api/events, kept open by the signed-in shell, which loads this file; the public pages do without.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveChange, UserTable } from '../../shared/live.ts';
import { writesDone } from './api-client.ts';
import { firstPaint } from './first-paint.ts';
import { refreshLiveQueries } from './live-updates.ts';

const MAX_RECONNECT_MS = 30_000;
/** Changes arriving within this window refresh each table once. */
const BATCH_MS = 150;
/** After a reconnect every open page reloads; spread them so a recovering server is not hit at once. */
const RESYNC_SPREAD_MS = 2000;

/**
 * Keeps one stream open while mounted (the signed-in shell), reconnecting with backoff; on a first
 * visit, from when the first screen is on screen (first-paint.ts).
 */
export function useLiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let retryMs = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let connectedBefore = false;
    const changed = new Set<UserTable>();
    let batch: ReturnType<typeof setTimeout> | undefined;
    let resync: ReturnType<typeof setTimeout> | undefined;

    function refreshSoon(table: UserTable) {
      changed.add(table);
      // After this tab's own writes: one of them may be renewing the session cookie (api-client.ts).
      batch ??= setTimeout(async () => {
        await writesDone();
        batch = undefined;
        if (stopped) return;
        for (const t of changed) void refreshLiveQueries(client, t);
        changed.clear();
      }, BATCH_MS);
    }
    const refreshAllSoon = () => {
      clearTimeout(resync);
      resync = setTimeout(() => void writesDone().then(() => refreshLiveQueries(client)), Math.random() * RESYNC_SPREAD_MS);
    };

    function open() {
      source = new EventSource('/api/events');
      source.addEventListener('ready', () => {
        retryMs = 1000;
        // Changes made while the stream was down were not announced to us: reload what we show.
        if (connectedBefore) refreshAllSoon();
        connectedBefore = true;
      });
      source.addEventListener('change', (event) => {
        const change = JSON.parse((event as MessageEvent<string>).data) as LiveChange;
        refreshSoon(change.table);
      });
      source.addEventListener('resync', refreshAllSoon);
      source.addEventListener('session-ended', () => {
        source?.close();
        void writesDone().then(() => refreshLiveQueries(client, 'users'));
      });
      source.onerror = () => {
        // The browser retries a dropped stream by itself; a refused one (server down, 401) it closes.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        timer = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RECONNECT_MS);
      };
    }

    // On a first visit, once the first screen is on screen (first-paint.ts).
    void firstPaint().then(() => {
      if (!stopped) open();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(batch);
      clearTimeout(resync);
      source?.close();
    };
  }, [client]);
}
