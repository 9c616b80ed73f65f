import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { buildConnector } from 'undici';
import { outboundMessages } from '@app/contracts';
import { refusalFor, type AllowList } from './allow-list';
import { OutboundError, OutboundRefusedError } from './errors';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has. Injected in tests. */
export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * What a host name that resolves to nothing is told: 'refused', the same refusal as a name at an
 * address not allowed (the clients of what users type: a user must not learn which inside names
 * exist), or 'not-found' (the admins' client: an endpoint test says the name is unknown).
 */
export type UnresolvedHost = 'refused' | 'not-found';

export const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const unbracket = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/** Refuses an IP literal before anything else happens; host names pass (they are checked once resolved). */
export const checkLiteral = (hostname: string, allow: AllowList): void => {
  const host = unbracket(hostname);
  if (isIP(host) === 0) return;
  const refusal = refusalFor(host, host, allow);
  if (refusal) throw new OutboundRefusedError(refusal);
};

/**
 * The address a connection to `hostname` may use: an IP literal is checked as is (no lookup); a name
 * is resolved and every address it has must pass (a name with one private address among public ones
 * is refused), so what is checked is what is connected to.
 */
export const resolveAllowed = async (
  hostname: string,
  allow: AllowList,
  lookup: Lookup,
  unresolved: UnresolvedHost = 'refused',
): Promise<string> => {
  const host = unbracket(hostname);
  if (isIP(host) !== 0) {
    checkLiteral(host, allow);
    return host;
  }
  const notFound = () =>
    unresolved === 'refused'
      ? new OutboundRefusedError(outboundMessages.hostNotAllowed(host))
      : new OutboundError(outboundMessages.hostNotFound(host));
  let addresses: ResolvedAddress[];
  try {
    addresses = await lookup(host);
  } catch {
    throw notFound();
  }
  for (const { address } of addresses) {
    const refusal = refusalFor(address, host, allow);
    if (refusal) throw new OutboundRefusedError(refusal);
  }
  const first = addresses[0];
  if (!first) throw notFound();
  return first.address;
};

/**
 * An undici connector that resolves and checks before it connects, then connects to the checked
 * address (TLS still verifies the certificate against the host name). Every connection the agent
 * opens goes through it: the first request's and every redirect's.
 */
export const guardedConnector = (opts: {
  allow: AllowList;
  lookup: Lookup;
  connectTimeoutMs: number;
  /** What a name that resolves to nothing is told; default 'refused'. */
  unresolvedHost?: UnresolvedHost;
  /** Certificates trusted instead of Node's roots (a test's local https server); default: Node's roots. */
  ca?: string | readonly string[];
}): buildConnector.connector => {
  const connect = buildConnector({
    timeout: opts.connectTimeoutMs,
    ...(opts.ca === undefined ? {} : { ca: typeof opts.ca === 'string' ? opts.ca : [...opts.ca] }),
  });
  return (options, callback) => {
    resolveAllowed(options.hostname, opts.allow, opts.lookup, opts.unresolvedHost).then(
      (address) => {
        const servername =
          options.servername ?? (isIP(unbracket(options.hostname)) ? undefined : options.hostname);
        connect({ ...options, hostname: address, ...(servername ? { servername } : {}) }, callback);
      },
      (e: unknown) => callback(e instanceof Error ? e : new OutboundError('connection refused'), null),
    );
  };
};
