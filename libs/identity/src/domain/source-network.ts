import { isIPv4, isIPv6 } from 'node:net';

/** How much of an address one source (a home, an office, a mobile customer) is taken to hold. */
export const IPV4_NETWORK_BITS = 24;
export const IPV6_NETWORK_BITS = 56;

/**
 * The network a client address belongs to, the key of the sign-in failure budgets: an IPv4 /24 or an
 * IPv6 /56 (what one subscriber is usually given), so a source cannot get a fresh budget by moving to
 * the next address it holds. IPv4-mapped IPv6 addresses count as IPv4. Anything else keys as itself.
 */
export function sourceNetwork(ip: string): string {
  if (isIPv4(ip)) return ipv4Network(ip);
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const hextets = ipv6Hextets(address);
  if (hextets.slice(0, 5).every((part) => part === 0) && hextets[5] === 0xffff) {
    return ipv4Network(
      [hextets[6]! >> 8, hextets[6]! & 0xff, hextets[7]! >> 8, hextets[7]! & 0xff].join('.'),
    );
  }
  // 56 bits: three whole hextets and the high byte of the fourth.
  const kept = [...hextets.slice(0, 3), hextets[3]! & 0xff00].map((part) => part.toString(16));
  return `${kept.join(':')}::/${IPV6_NETWORK_BITS}`;
}

function ipv4Network(ip: string): string {
  const [a, b, c] = ip.split('.');
  return `${a}.${b}.${c}.0/${IPV4_NETWORK_BITS}`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a dotted IPv4 tail expanded. */
function ipv6Hextets(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...zeros, ...back].map((part) => parseInt(part, 16));
}
