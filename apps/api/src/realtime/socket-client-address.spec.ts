import type { IncomingMessage } from 'node:http';
import { socketClientAddress } from './socket-client-address';

const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('socketClientAddress (the key of the handshake limit)', () => {
  it('is the peer when TRUST_PROXY is false, whatever is forwarded', () => {
    expect(socketClientAddress(request('::ffff:192.0.2.1', '198.51.100.1'), false)).toBe('192.0.2.1');
  });

  it('with a hop count, is the entry that many hops from the peer, never a forged left-most one', () => {
    expect(socketClientAddress(request('192.0.2.1', '10.0.0.9, 198.51.100.1'), 1)).toBe('198.51.100.1');
    expect(socketClientAddress(request('192.0.2.1', '10.0.0.9, 198.51.100.1, 192.0.2.2'), 2)).toBe(
      '198.51.100.1',
    );
    expect(socketClientAddress(request('192.0.2.1'), 1)).toBe('192.0.2.1');
  });

  it('with a list, is the right-most hop not in it', () => {
    const trusted = ['192.0.2.0/24', '10.1.0.5'];
    expect(socketClientAddress(request('192.0.2.1', '10.0.0.9, 198.51.100.1, 10.1.0.5'), trusted)).toBe(
      '198.51.100.1',
    );
    expect(socketClientAddress(request('203.0.113.1', '198.51.100.1'), trusted)).toBe('203.0.113.1');
  });
});
