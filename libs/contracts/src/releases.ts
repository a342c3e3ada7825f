/**
 * The shape of a Snake release's input (docs/fair-play.md), shared by the HTTP and frame contracts and
 * the game's core: `<t>:<turns>`, the food before it eaten on tick t, then the turns logged since the
 * last release, each `<atMs><u|r|d|l>`, comma-separated; e.g. `37:1210u,1830l`. No schema library here:
 * the HTTP contract uses zod, the frame's zod/mini.
 */
export const SNAKE_RELEASE_FORMAT = /^(\d{1,5}):((?:\d{1,7}[urdl])(?:,\d{1,7}[urdl])*)?$/;

/** The most turns one Snake release may carry. */
export const SNAKE_MAX_RELEASE_TURNS = 2_000;

/** The longest Snake release input: the tick, and the most turns at 8 characters and a comma each. */
export const SNAKE_RELEASE_MAX_CHARS = 6 + SNAKE_MAX_RELEASE_TURNS * 9;
