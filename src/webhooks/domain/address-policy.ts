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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Why the address is refused, or undefined when it is a public one. */
export function blockedAddressReason(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blockedAddressReason(mapped[1]);
    if (BLOCKED.check(address, 'ipv6')) return `${address} is a loopback, private, link-local, multicast or reserved address`;
    return undefined;
  }
  if (BLOCKED.check(address, 'ipv4')) return `${address} is a loopback, private, link-local, multicast or reserved address`;
  return undefined;
}

/** The host as URL gives it, without IPv6 brackets, lower-cased: the form WEBHOOK_ALLOW_HOSTS is compared in. */
export function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

export function isAllowedHost(hostname: string, allowHosts: readonly string[]): boolean {
  return allowHosts.includes(bareHost(hostname));
}
