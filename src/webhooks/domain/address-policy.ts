import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must never reach (SSRF): this host, private networks, link-local (cloud metadata lives
 * there), multicast, shared carrier space, unspecified and reserved ranges. Hosts named in WEBHOOK_ALLOW_HOSTS pass.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['64:ff9b:1::', 48],
  ['2001:db8::', 32],
  // Teredo: a tunnel no receiver needs, whose embedded client address is obfuscated and says nothing of what it reaches.
  ['2001::', 32],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

const REFUSED = 'a loopback, private, link-local, multicast or reserved address';

/** Why the address is refused, or undefined when it is a public one. */
export function blockedAddressReason(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  if (family === 6) {
    // An IPv6 form that carries an IPv4 address reaches that address: the IPv4 rules decide.
    const embedded = embeddedIpv4(address);
    if (embedded !== undefined) return blockedAddressReason(embedded) && `${address} is ${REFUSED}`;
    if (BLOCKED.check(address, 'ipv6')) return `${address} is ${REFUSED}`;
    return undefined;
  }
  if (BLOCKED.check(address, 'ipv4')) return `${address} is ${REFUSED}`;
  return undefined;
}

/**
 * The IPv4 address inside an IPv6 one that is routed to it: IPv4-compatible (::/96, which includes :: and ::1),
 * IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
export function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const ipv4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  if (zeros(0, 6)) return ipv4(g[6], g[7]);
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4(g[6], g[7]);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return ipv4(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4(g[6], g[7]);
  if (g[0] === 0x2002) return ipv4(g[1], g[2]);
  return undefined;
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted quad and a zone allowed). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The host as URL gives it, without IPv6 brackets, lower-cased: the form WEBHOOK_ALLOW_HOSTS is compared in. */
export function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

export function isAllowedHost(hostname: string, allowHosts: readonly string[]): boolean {
  return allowHosts.includes(bareHost(hostname));
}
