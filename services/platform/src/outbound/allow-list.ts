import ipaddr from 'ipaddr.js';
import { outboundMessages } from '@app/contracts';
import { addressClassLabels, classifyAddress, normaliseAddress } from './address-class';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * OUTBOUND_ALLOW: the private hosts and address ranges outbound calls may still reach. Entries are
 * IP addresses ('127.0.0.1', '::1'), CIDR ranges ('10.0.0.0/8', 'fd00::/8') or host names
 * ('models.internal', matched exactly, case-insensitively). A host name entry never opens a cloud
 * metadata address: those need an address or range entry of their own.
 */
export interface AllowList {
  readonly entries: readonly string[];
  allowsAddress(address: string): boolean;
  allowsHost(hostname: string): boolean;
}

const hostName =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/** A range written for IPv4-mapped IPv6 (::ffff:10.0.0.0/104) is the IPv4 range it stands for. */
const normaliseRange = ([ip, bits]: Range): Range => {
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(ip as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [ip, bits];
};

const parseEntry = (raw: string): { range: Range } | { host: string } => {
  const entry = raw.trim();
  const bare = entry.startsWith('[') && entry.endsWith(']') ? entry.slice(1, -1) : entry;
  if (bare.includes('/')) {
    if (!ipaddr.isValidCIDR(bare)) throw new Error(`OUTBOUND_ALLOW: '${entry}' is not a valid address range`);
    return { range: normaliseRange(ipaddr.parseCIDR(bare)) };
  }
  if (ipaddr.isValid(bare)) {
    const ip = normaliseAddress(bare);
    return { range: [ip, ip.kind() === 'ipv4' ? 32 : 128] };
  }
  if (hostName.test(entry)) return { host: entry.toLowerCase().replace(/\.$/, '') };
  throw new Error(`OUTBOUND_ALLOW: '${entry}' is neither an address, a range nor a host name`);
};

/** Parses the entries once (at start-up); an entry that is none of the three fails loudly. */
export const parseAllowList = (entries: readonly string[]): AllowList => {
  const parsed = entries.filter((e) => e.trim() !== '').map(parseEntry);
  const ranges = parsed.flatMap((p) => ('range' in p ? [p.range] : []));
  const hosts = new Set(parsed.flatMap((p) => ('host' in p ? [p.host] : [])));
  return {
    entries: [...entries],
    allowsAddress: (address) => {
      let ip: ipaddr.IPv4 | ipaddr.IPv6;
      try {
        ip = normaliseAddress(address);
      } catch {
        return false;
      }
      return ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));
    },
    allowsHost: (hostname) => hosts.has(hostname.toLowerCase().replace(/\.$/, '')),
  };
};

export const emptyAllowList = parseAllowList([]);

/** The embedded default: a model server on this machine works out of the box. */
export const loopbackAllowEntries = ['127.0.0.0/8', '::1'] as const;

/**
 * Why an address may not be reached from `hostname`, or null when it may: public addresses always,
 * others only when OUTBOUND_ALLOW names the address (or the host, except for metadata addresses).
 * The reason is shown to whoever made the call: it names what they typed, nothing resolved.
 */
export const refusalFor = (address: string, hostname: string, allow: AllowList): string | null => {
  const kind = classifyAddress(address);
  if (kind === 'public') return null;
  if (allow.allowsAddress(address)) return null;
  if (kind !== 'metadata' && kind !== 'invalid' && allow.allowsHost(hostname)) return null;
  // An address typed as such is named with its kind; a host name is named alone, never what it
  // resolves to nor the kind of that address (a caller must not learn the inside of the network).
  if (hostname !== address) return outboundMessages.hostNotAllowed(hostname);
  return outboundMessages.addressNotAllowed(address, addressClassLabels[kind]);
};
