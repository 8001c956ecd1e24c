import { readFileSync } from 'node:fs';
import { startFakeHttp } from '../fakes/http.ts';

// A port the kernel hands out itself (port 0) lies in the ephemeral range, which every outgoing
// connection on the machine draws from too: between our check and the child's listen, a database
// connection or a benchmark's request can take it (CI once failed on "Port 39995 is already in
// use"). Ports below that range are never assigned to outgoing connections, so a random free one
// there stays free unless another test picks the same number.
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const LOW = ephemeralLow() - 10_000;
const HIGH = ephemeralLow() - 1;

/** A TCP port on 127.0.0.1, below the ephemeral range, that was free a moment ago. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = LOW + Math.floor(Math.random() * (HIGH - LOW + 1));
    const taken = await startFakeHttp(undefined, candidate).then(
      (server) => server.stop().then(() => false),
      () => true,
    );
    if (!taken) return candidate;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH} after 50 tries`);
}
