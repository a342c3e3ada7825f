import fc from 'fast-check';
import { ReseedableRandom, SeededRandom } from './game-core';

describe('ReseedableRandom', () => {
  // The ranges the cores draw from (Tile Merge: an empty cell of 1 to 16, a 4 one time in ten), the
  // rejection sampling's edges (1, 2, 3: below and above its threshold) and the widest it takes (2^32).
  const ranges: Array<[number, number]> = [
    [0, 0],
    [0, 1],
    [0, 2],
    [0, 9],
    [0, 15],
    [-5, 5],
    [7, 1000],
    [0, 2 ** 31],
    [0, 0xffffffff],
  ];

  it('draws the numbers SeededRandom draws from the same 32-bit seed, seeded again in place', () => {
    const reused = new ReseedableRandom(1);
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        fc.array(fc.constantFrom(...ranges), { minLength: 1, maxLength: 40 }),
        (seed, draws) => {
          const plain = new SeededRandom(seed);
          reused.reseed(seed);
          for (const [min, max] of draws) expect(reused.int(min, max)).toBe(plain.int(min, max));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('starts over on reseed, whatever it drew before', () => {
    const random = new ReseedableRandom(42);
    const first = Array.from({ length: 20 }, () => random.int(0, 15));
    random.reseed(7);
    random.int(0, 9);
    random.reseed(42);
    expect(Array.from({ length: 20 }, () => random.int(0, 15))).toEqual(first);
  });
});
