// A failed connection in the operator's words: "connect ECONNREFUSED 10.0.0.5:25" means the server
// at that address was reached by nothing and answered nothing (so it never got the mail, or the
// query). pg, nodemailer and Node put the code in different places: on the error, on a cause, on one
// of an AggregateError's errors (both IPv4 and IPv6 tried), or only in the message (nodemailer's ESOCKET).
const REASONS: Record<string, string> = {
  // The source client's own refusal of a non-public address (sources/web/http.ts).
  ENOTPUBLIC: 'not a public address',
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS lookup failed)',
  ETIMEDOUT: 'timed out',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection reset',
  UND_ERR_SOCKET: 'connection reset',
  UND_ERR_CONNECT_TIMEOUT: 'timed out',
};
const CODE_IN_MESSAGE = new RegExp(`\\b(${Object.keys(REASONS).join('|')})\\b`);

/** Why a connection failed, in plain words, or undefined when the error is not about connecting. */
export function connectionFailure(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && REASONS[code]) return REASONS[code];
    const inMessage = CODE_IN_MESSAGE.exec(e.message)?.[1];
    if (inMessage) return REASONS[inMessage];
    if (/timeout exceeded when trying to connect/i.test(e.message)) return REASONS.ETIMEDOUT;
    if (e instanceof AggregateError) {
      const reason = e.errors.map(connectionFailure).find(Boolean);
      if (reason) return reason;
    }
  }
  return undefined;
}
