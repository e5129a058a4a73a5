import net from 'node:net';

/**
 * The balancers whose forwarding headers (X-Forwarded-For, -Proto, -Host, X-Request-Id) this
 * server believes. Without any, a header is just something the client typed: the socket's peer
 * is the client, as in the demo.
 */
export interface TrustedProxies {
  /** What was configured, as `forecourt doctor` shows it. */
  description: string;
  toString(): string;
  /**
   * Fastify's `trustProxy` function: is the address `hop` steps back from this server a proxy
   * to believe? Hop 0 is the socket's peer.
   */
  trusts: (address: string | undefined, hop: number) => boolean;
}

/** The named ranges proxy settings conventionally accept (the same names as Express's `trust proxy`). */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, how a dual-stack socket reports it) as plain IPv4. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Reads FORECOURT_TRUSTED_PROXIES: empty (trust nothing), a hop count (`1`: the peer is always
 * the balancer, whatever its address), or a comma-separated list of addresses, CIDR ranges and
 * the names loopback, linklocal, uniquelocal. Anything else throws naming the entry (the caller
 * puts the variable's name in front).
 */
export function parseTrustedProxies(raw: string | undefined): TrustedProxies | null {
  const text = raw?.trim() ?? '';
  if (text === '') return null;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops === 0) return null;
    const description = `${hops} hop${hops === 1 ? '' : 's'}`;
    return { description, toString: () => description, trusts: (_address, hop) => hop < hops };
  }
  // Node's BlockList is the address matcher (ranges of either family); "blocked" here means trusted.
  const list = new net.BlockList();
  for (const entry of text.split(',').map((e) => e.trim())) {
    if (entry === '') throw new Error(`has an empty entry in '${text}' (separate addresses with single commas)`);
    for (const range of NAMED_RANGES[entry.toLowerCase()] ?? [entry]) {
      const [address = '', prefix, extra] = range.split('/');
      const family = net.isIP(address);
      const bits = family === 4 ? 32 : 128;
      const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
      if (family === 0 || !prefixOk || extra !== undefined) {
        throw new Error(
          `must be a hop count, or IP addresses, CIDR ranges such as 10.0.0.0/8 and the names ${Object.keys(NAMED_RANGES).join(', ')}, comma-separated: '${entry}' is none of these`,
        );
      }
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
  }
  return {
    description: text,
    toString: () => text,
    trusts: (address) => {
      if (!address) return false;
      const plain = plainAddress(address);
      const family = net.isIP(plain);
      return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** Whether the socket's peer is a trusted proxy: its forwarding headers are believed. */
export function peerIsTrustedProxy(trusted: TrustedProxies | null, peer: string | undefined): boolean {
  return trusted !== null && trusted.trusts(peer, 0);
}
