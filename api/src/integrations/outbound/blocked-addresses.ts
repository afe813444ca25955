import net from 'node:net';

/**
 * Addresses an outbound call may never reach: this machine, private networks, link-local (cloud metadata services
 * live there: 169.254.169.254, fd00:ec2::254), carrier-grade NAT (Alibaba's metadata at 100.100.100.200),
 * multicast, reserved and documentation ranges, and NAT64 (which maps onto IPv4 ones).
 */
const BLOCKED = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** True for an address outbound calls must not connect to; anything that is not an IP address counts as blocked. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = MAPPED_V4.exec(bare);
  if (mapped) return isBlockedAddress(mapped[1]!);
  const family = net.isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family === 6) {
    // ::ffff:7f00:1 is 127.0.0.1 written in hex.
    if (/^::ffff:/i.test(bare)) return true;
    return BLOCKED.check(bare, 'ipv6');
  }
  return true;
}
