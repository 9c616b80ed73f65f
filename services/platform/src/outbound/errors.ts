/**
 * A failed outbound call. The message is safe to record and to show an admin: it names the host and
 * what went wrong, never a header, a key or the remote body.
 */
export class OutboundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundError';
  }
}

/** The guard refused the call before any connection was made (address, scheme or redirect target). */
export class OutboundRefusedError extends OutboundError {
  constructor(reason: string) {
    super(`refused: ${reason}`);
    this.name = 'OutboundRefusedError';
  }
}

const codes: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'timed out while connecting',
  UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for the answer',
  UND_ERR_BODY_TIMEOUT: 'timed out reading the answer',
  UND_ERR_SOCKET: 'connection closed',
  CERT_HAS_EXPIRED: 'certificate expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate does not match the host',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'certificate not trusted',
};

const codeOf = (e: unknown): string | undefined => {
  if (typeof e !== 'object' || e === null) return undefined;
  if ('code' in e && typeof e.code === 'string' && Object.hasOwn(codes, e.code)) return e.code;
  if (e instanceof AggregateError) return e.errors.map(codeOf).find((c) => c !== undefined);
  return 'cause' in e ? codeOf(e.cause) : undefined;
};

/** Any failure of a call as an OutboundError with a message of our own words. */
export const toOutboundError = (e: unknown, host: string): OutboundError => {
  if (e instanceof OutboundError) return e;
  if (e instanceof Error && (e.name === 'AbortError' || e.name === 'TimeoutError')) {
    return new OutboundError(`${host}: timed out`);
  }
  const code = codeOf(e);
  return new OutboundError(`${host}: ${code ? (codes[code] ?? 'request failed') : 'request failed'}`);
};
