import type { VerifiedGameSlug } from '@arena/contracts';
import { SeededRandom, type BotDice, type StepSeeds, type TimedInput } from './game-core';
import { GAME_CORES } from './game-cores';
import { playPairs } from './pairs/pairs.bot';
import { SNAKE_TICK_MS } from './snake/snake.rules';
import { playSnake } from './snake/snake.bot';
import { snakeBlockSeed } from './snake/snake.core';
import { playTiles } from './tiles/tiles.bot';

export interface HonestBotOptions {
  /** 0 (a careless beginner) to 1 (a strong player); 0.7 when absent. */
  skill?: number;
  /** The session stops playing by this game clock; 5 minutes when absent, never past the game's longest play. */
  maxDurationMs?: number;
}

const DEFAULT_SKILL = 0.7;
const DEFAULT_SESSION_MS = 5 * 60 * 1000;

/**
 * The input log of one honest session of a game on `seed`, played by a scripted bot through the same
 * rules the game app uses: human pace, human slips, a reasonable score. The bot's own choices come
 * only from `random` (numbers in [0, 1), like Math.random), so the same seed and the same sequence give
 * the same log. Tile Merge and Snake may also play on a tournament play's step seeds (its released blocks). For the demo seed, tests and the replay benchmark; the core replays every log as valid.
 *
 * - tiles: the corner strategy; one move in 3 (skill 0) to 20 (skill 1) is a slip to a random legal
 *   move; 150 to 400 ms between moves, slower when less skilled.
 * - snake: heads for the food, checking the room ahead from skill 0.5; misses one tick in 4 (skill 0)
 *   to 50 (skill 1); each key press anywhere between two ticks.
 * - pairs: remembers 5 (skill 0) to 10 (skill 1) cards in ten it has seen; 150 to 400–900 ms between
 *   flips after waiting out a mismatch.
 */
export function honestLog(
  slug: VerifiedGameSlug,
  seed: string | StepSeeds,
  random: () => number,
  options: HonestBotOptions = {},
): TimedInput<unknown>[] {
  const skill = Math.min(1, Math.max(0, options.skill ?? DEFAULT_SKILL));
  const maxDurationMs = Math.min(options.maxDurationMs ?? DEFAULT_SESSION_MS, GAME_CORES[slug].maxDurationMs);
  const dice = diceFrom(random);
  switch (slug) {
    case 'tiles':
      return playTiles(seed, dice, {
        lapseOneIn: Math.round(3 + 17 * skill),
        looksAhead: skill >= 0.5,
        paceMs: [150, 400 + Math.round(300 * (1 - skill))],
        maxDurationMs,
      }).log;
    case 'snake':
      return playSnake(
        typeof seed === 'string' ? seed : (food) => blockSeedOf(seed(food) as string | undefined),
        dice,
        {
          careful: skill >= 0.5,
          lapseOneIn: Math.round(4 + 46 * skill),
          maxTicks: Math.floor(maxDurationMs / SNAKE_TICK_MS),
        },
      ).log;
    case 'pairs':
      if (typeof seed !== 'string') throw new Error('Memory Pairs plays from a seed');
      return playPairs(seed, dice, {
        remembersInTen: Math.round(5 + 5 * skill),
        paceMs: [150, 400 + Math.round(500 * (1 - skill))],
        maxDurationMs,
      }).log;
  }
}

/** A released block's food seed; undefined while it is not released (the bot then stops: `waitsForFood`). */
const blockSeedOf = (block: string | undefined) => (block === undefined ? undefined : snakeBlockSeed(block));

/** A [0, 1) source like Math.random, but the same numbers for the same seed: for a repeatable honestLog. */
export function seededUniform(seed: string): () => number {
  const random = new SeededRandom(seed);
  return () => random.int(0, 0xffff_ffff) / 0x1_0000_0000;
}

/** Whole numbers from `min` to `max`, both included, out of a [0, 1) source. */
function diceFrom(random: () => number): BotDice {
  return {
    int: (min, max) => min + Math.min(max - min, Math.floor(random() * (max - min + 1))),
  };
}
