// A stand-in for Financial Modeling Prep's earnings-call transcripts
// (/stable/earning-call-transcript?symbol=&year=&quarter=&apikey=). It knows the companies of
// fixtures/sec/executives.json by ticker and refuses any other key than the one it was started with.
// Its rows have the real answer's shape (fixtures/real-formats/fmp): the `quarter` and `year` of the
// call the row is. Like the real service it can answer with another call than the one asked for
// (`answerWith`: asked for Q1 2020, it has answered with the Q4 2019 call).
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import { startFakeHttp } from './http.ts';

const template = readFileSync(new URL('./fixtures/fmp-transcript.txt', import.meta.url), 'utf8');
const people: Record<string, { company: string; ceo: string; cfo: string }> = {
  AAPL: { company: 'Apple Inc.', ceo: 'Tim Cook', cfo: 'Kevan Parekh' },
  MSFT: { company: 'Microsoft Corporation', ceo: 'Satya Nadella', cfo: 'Amy Hood' },
};

export type FakeRequest = { path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; at: number };
type Call = { year: number; quarter: number };

/** The key of a request in `answerWith`: 'AAPL Q1 2020'. */
export const fmpCallKey = (symbol: string, call: Call) => `${symbol} Q${call.quarter} ${call.year}`;

export async function startFakeFmp(apiKey: string, port = 0) {
  const requests: FakeRequest[] = [];
  /** Requests answered with another call than the one asked for: fmpCallKey(asked) → the call answered. */
  const answerWith = new Map<string, Call>();
  const fake = await startFakeHttp((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers, at: Date.now() });
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname !== '/stable/earning-call-transcript') return json(404, { 'Error Message': 'Not found' });
    if (url.searchParams.get('apikey') !== apiKey)
      return json(401, { 'Error Message': 'Invalid API KEY. Feel free to create a Free API Key.' });
    const symbol = url.searchParams.get('symbol') ?? '';
    const year = url.searchParams.get('year') ?? '';
    const quarter = url.searchParams.get('quarter') ?? '';
    const who = people[symbol];
    if (!who || !/^\d{4}$/.test(year) || !/^[1-4]$/.test(quarter)) return json(200, []);
    const asked = { year: Number(year), quarter: Number(quarter) };
    const call = answerWith.get(fmpCallKey(symbol, asked)) ?? asked;
    const fill: Record<string, string> = { ...who, year: String(call.year), quarter: String(call.quarter) };
    const content = template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => fill[key] ?? '');
    json(200, [
      {
        symbol,
        quarter: call.quarter,
        year: call.year,
        date: `${call.year}-${String(call.quarter * 3 - 1).padStart(2, '0')}-01 17:00:00`,
        content,
      },
    ]);
  }, port);
  return {
    url: fake.url,
    port: fake.port,
    requests,
    answerWith,
    reset: () => {
      requests.length = 0;
      answerWith.clear();
    },
    stop: fake.stop,
  };
}
