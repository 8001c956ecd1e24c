// Preloaded into the worker processes of bench:triggers (node --import): the product paces EDGAR by
// host (POLITE_INTERVALS_MS['www.sec.gov'], EDGAR's 10 requests a second), and the fake EDGAR's host
// is 127.0.0.1:<port>, which no pace names. This gives that host EDGAR's own pace, so the bench sees
// the pacing production applies. Read once, when createSources copies the table at start.
import { POLITE_INTERVALS_MS } from '../../src/server/sources/web/http.ts';

const host = process.env.BENCH_SEC_HOST;
if (host) POLITE_INTERVALS_MS[host] = POLITE_INTERVALS_MS['www.sec.gov']!;
