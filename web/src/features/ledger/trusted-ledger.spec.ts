/**
 * What /ledger remembers between visits (trusted-ledger.ts): a value read back from localStorage is used
 * only when every field is whole; anything else is discarded and the next visit checks from scratch.
 */
import { appendToFrontier, emptyFrontier, frontierRoot, leafHash } from '@arena/contracts/ledger/merkle';
import { parseRememberedLedger } from './trusted-ledger';

async function stored() {
  let frontier = emptyFrontier();
  for (const byte of ['11', '22', '33'])
    frontier = await appendToFrontier(frontier, await leafHash(byte.repeat(32)));
  return {
    version: 1,
    verifiedAt: '2026-11-27T21:00:00.000Z',
    trusted: {
      checkpoint: {
        treeSize: 3,
        rootHash: await frontierRoot(frontier),
        timestamp: '2026-11-27T20:00:00.000Z',
        keyId: '0123456789abcdef',
        signature: 'c2lnbmF0dXJl',
      },
      frontier,
      lastEntryHash: '33'.repeat(32),
      publicKey: 'A'.repeat(43),
    },
  };
}

describe('parseRememberedLedger', () => {
  it('reads back what was stored, field by field', async () => {
    const value = await stored();
    const parsed = parseRememberedLedger(JSON.parse(JSON.stringify({ ...value, extra: 'ignored' })));
    expect(parsed).toEqual({ trusted: value.trusted, verifiedAt: value.verifiedAt });
  });

  const damage: [string, (value: Awaited<ReturnType<typeof stored>>) => unknown][] = [
    ['another version', (v) => ({ ...v, version: 2 })],
    ['no date', (v) => ({ ...v, verifiedAt: 'yesterday' })],
    [
      'a short root',
      (v) => ({ ...v, trusted: { ...v.trusted, checkpoint: { ...v.trusted.checkpoint, rootHash: 'ab' } } }),
    ],
    [
      'a negative size',
      (v) => ({ ...v, trusted: { ...v.trusted, checkpoint: { ...v.trusted.checkpoint, treeSize: -1 } } }),
    ],
    [
      'a frontier of another size',
      (v) => ({ ...v, trusted: { ...v.trusted, frontier: { ...v.trusted.frontier, size: 4 } } }),
    ],
    [
      'a hash missing from the frontier',
      (v) => ({
        ...v,
        trusted: { ...v.trusted, frontier: { size: 3, hashes: v.trusted.frontier.hashes.slice(1) } },
      }),
    ],
    ['a bad last hash', (v) => ({ ...v, trusted: { ...v.trusted, lastEntryHash: 'zz'.repeat(32) } })],
    ['a key that is not 32 bytes', (v) => ({ ...v, trusted: { ...v.trusted, publicKey: 'AAAA' } })],
    ['no trusted part', (v) => ({ ...v, trusted: null })],
    ['not an object', () => 'arena'],
  ];

  it.each(damage)('discards a value with %s', async (_what, edit) => {
    expect(parseRememberedLedger(edit(await stored()))).toBeNull();
  });
});
