import { startFakeHttp } from '../fakes/http.ts';

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  const { port, stop } = await startFakeHttp();
  await stop();
  return port;
}
