// How long GET /healthz waits while an attack runs (issue 25 item 2): a server whose event loop is
// stalled answers nobody, and /healthz is the cheapest thing it answers.
import http from 'node:http';

/** How often /healthz is asked, whether or not the previous answer came. */
const PROBE_INTERVAL_MS = 20;

export type HealthFigures = {
  probes: number;
  /** Probes whose connection was refused or reset. */
  unanswered: number;
  /** The statuses of the answers that came. */
  statuses: number[];
  p50: number;
  p99: number;
  maxAnswered: number | null;
};

/**
 * Asks GET /healthz every PROBE_INTERVAL_MS on a fixed schedule (a probe does not wait for the one
 * before: a server stalled for 10 s keeps every probe of those 10 s waiting, not one). A probe's
 * latency runs from its request being sent to its answer's end. `stop` ends the schedule and
 * resolves with the latencies' percentiles.
 */
export function probeHealth(port: number) {
  const latencies: number[] = [];
  const statuses = new Set<number>();
  const pending = new Set<Promise<void>>();
  const first = performance.now();
  let sent = 0;
  const probe = () =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      // A connection of its own: the server accepts it on the event loop it answers on.
      const request = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (response) => {
        statuses.add(response.statusCode ?? 0);
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - sentAt);
          resolve();
        });
      });
      request.on('error', () => {
        latencies.push(Number.POSITIVE_INFINITY);
        resolve();
      });
    });
  const tick = () => {
    // Probes this process was too busy to send on time are sent now.
    while (first + sent * PROBE_INTERVAL_MS <= performance.now()) {
      const sending = probe();
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
      sent += 1;
    }
  };
  const timer = setInterval(tick, PROBE_INTERVAL_MS / 2);
  return {
    answered: () => latencies.length,
    async stop(): Promise<HealthFigures> {
      clearInterval(timer);
      await Promise.all([...pending]);
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
      // A probe that got no answer (its connection refused or reset) counts as never answered.
      const unanswered = sorted.filter((latency) => latency === Number.POSITIVE_INFINITY).length;
      const answered = sorted.length - unanswered;
      return {
        probes: sorted.length,
        unanswered,
        statuses: [...statuses],
        p50: at(0.5),
        p99: at(0.99),
        maxAnswered: answered ? sorted[answered - 1]! : null,
      };
    },
  };
}
