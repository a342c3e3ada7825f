import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { AppConfig } from '@arena/config';

const normalise = (address: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
};

/**
 * The client address of a socket.io handshake, resolved as Fastify resolves `request.ip` with the same
 * TRUST_PROXY (proxy-addr's rules): the peer, then X-Forwarded-For from right to left, stopping at the
 * first hop not trusted. A hop count `n` trusts the first `n` of them; a list trusts those addresses.
 */
export function socketClientAddress(request: IncomingMessage, trustProxy: AppConfig['TRUST_PROXY']): string {
  const peer = normalise(request.socket.remoteAddress ?? '');
  if (trustProxy === false) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => normalise(hop.trim()))
    .filter((hop) => hop !== '');
  const hops = [peer, ...forwarded.reverse()];
  const trusted =
    typeof trustProxy === 'number' ? (_: string, i: number) => i < trustProxy : inList(trustProxy);
  for (let i = 0; i < hops.length - 1; i++) if (!trusted(hops[i]!, i)) return hops[i]!;
  return hops[hops.length - 1]!;
}

function inList(entries: string[]) {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  return (address: string) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 6 ? 'ipv6' : 'ipv4');
  };
}
