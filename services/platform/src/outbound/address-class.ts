import ipaddr from 'ipaddr.js';

/**
 * What kind of address an outbound call would reach. Only 'public' is reachable without the
 * deployment's OUTBOUND_ALLOW naming the address (or, except for 'metadata', the host).
 */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'linkLocal'
  | 'metadata'
  | 'carrierGradeNat'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'invalid';

export const addressClassLabels: Record<AddressClass, string> = {
  public: 'public',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  metadata: 'cloud metadata',
  carrierGradeNat: 'carrier-grade NAT',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved (not globally routable)',
  invalid: 'invalid',
};

/** Cloud instance metadata and platform services, reachable from inside a VM or container. */
const metadataAddresses = [
  '169.254.169.254', // AWS, GCP, Azure, Oracle, DigitalOcean, OpenStack
  '169.254.170.2', // AWS ECS task metadata and credentials
  '169.254.169.253', // AWS VPC DNS
  '169.254.169.123', // AWS time sync
  '169.254.0.23', // Tencent Cloud
  '169.254.42.42', // Scaleway
  '100.100.100.200', // Alibaba Cloud
  '168.63.129.16', // Azure WireServer (a public-looking address)
  '192.0.0.192', // Oracle Cloud (legacy)
  'fd00:ec2::254', // AWS IMDS over IPv6
  'fd00:ec2::23', // AWS ECS over IPv6
  'fd20:ce::254', // Google Compute Engine over IPv6
].map((a) => ipaddr.parse(a).toNormalizedString());

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

const v4Classes: Partial<Record<string, AddressClass>> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'linkLocal',
  carrierGradeNat: 'carrierGradeNat',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

const v6Classes: Partial<Record<string, AddressClass>> = {
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  linkLocal: 'linkLocal',
  unspecified: 'unspecified',
  multicast: 'multicast',
};

const v4Class = (ip: ipaddr.IPv4): AddressClass => v4Classes[ip.range()] ?? 'reserved';

/** The IPv4 address an IPv6 form carries in its last 32 bits. */
const embeddedV4 = (ip: ipaddr.IPv6): ipaddr.IPv4 => {
  const p = ip.parts;
  const hi = p[6] ?? 0;
  const lo = p[7] ?? 0;
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
};

/** An address embedding an IPv4 one is no better than that one, and never public through it. */
const embeddingClass = (v4: ipaddr.IPv4): AddressClass => {
  const c = v4Class(v4);
  return c === 'public' ? 'reserved' : c;
};

const isIPv4Compatible = (ip: ipaddr.IPv6): boolean => ip.parts.slice(0, 6).every((x) => x === 0);

const v6Class = (ip: ipaddr.IPv6): AddressClass => {
  const range = ip.range();
  const known = v6Classes[range];
  if (known) return known;
  // ::a.b.c.d (deprecated IPv4-compatible), NAT64 64:ff9b::a.b.c.d, SIIT ::ffff:0:a.b.c.d
  if (isIPv4Compatible(ip) || range === 'rfc6052' || range === 'rfc6145')
    return embeddingClass(embeddedV4(ip));
  if (range === '6to4') {
    const p = ip.parts;
    const [a = 0, b = 0] = [p[1], p[2]];
    return embeddingClass(new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]));
  }
  // Only global unicast (2000::/3) outside every special range is public.
  const first = ip.parts[0] ?? 0;
  return range === 'unicast' && (first & 0xe000) === 0x2000 ? 'public' : 'reserved';
};

/**
 * An IPv6 address written with a dotted IPv4 tail ('::127.0.0.1') in hex ('::7f00:1'): ipaddr.js
 * reads '::a.b.c.d' as IPv4-mapped, which it is not (URL parsing and DNS answers use hex anyway).
 */
const hexTail = (address: string): string => {
  if (!address.includes(':')) return address;
  return address.replace(
    /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/,
    (_m, a: string, b: string, c: string, d: string) => {
      const [w, x, y, z] = [a, b, c, d].map(Number) as [number, number, number, number];
      if ([w, x, y, z].some((n) => n > 255)) return `${a}.${b}.${c}.${d}`;
      return `${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
    },
  );
};

/**
 * The address as outbound checks see it: IPv4-mapped IPv6 (::ffff:a.b.c.d) is its IPv4 address, so
 * one rule covers both forms. Throws on a string that is not an IP address.
 */
export const normaliseAddress = (address: string): Parsed => {
  const bare = hexTail(address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address);
  if (!ipaddr.isValid(bare)) throw new Error(`not an IP address: ${bare}`);
  return ipaddr.process(bare);
};

/** Classifies one IP address (IPv4, IPv6, bracketed IPv6, IPv4-mapped); never connects. */
export const classifyAddress = (address: string): AddressClass => {
  let ip: Parsed;
  try {
    ip = normaliseAddress(address);
  } catch {
    return 'invalid';
  }
  if (metadataAddresses.includes(ip.toNormalizedString())) return 'metadata';
  return ip.kind() === 'ipv4' ? v4Class(ip as ipaddr.IPv4) : v6Class(ip as ipaddr.IPv6);
};
