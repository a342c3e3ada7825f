import { GAME_CATALOG } from '@arena/contracts/games.catalog';
import { snake } from '@arena/games';
import type { GameCore } from '@arena/games';
import { runWatcher } from '../shared/run-watch';
import { runGame, type GameUi } from '../shared/shell';
import { SnakePlay } from './snake-play';
import { snakeTimeline } from './snake-watch';

const GRID = snake.SNAKE_GRID_SIZE;
const STEP = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] } as const;
const END_TEXT: Readonly<Record<snake.SnakeEnd, string>> = {
  wall: 'the snake hit the wall',
  self: 'the snake ran into its tail',
  full: 'the snake filled the board!',
  time: 'the time is up',
};
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

/**
 * How far the snake has slid toward its next cell (0..1) at `clockMs`, for a smooth glide between ticks.
 * Only the drawing glides; the play moves a whole cell per tick. No glide into a wall or a body, or
 * when the player asked for less motion.
 */
function glide(state: snake.SnakeState, clockMs: number, head: snake.SnakeCell): number {
  if (reducedMotion.matches || state.end !== null) return 0;
  const [dx, dy] = STEP[state.waitingTurns[0] ?? state.heading];
  const x = head.x + dx;
  const y = head.y + dy;
  if (x < 0 || y < 0 || x >= GRID || y >= GRID || state.occupied[y * GRID + x] === 1) return 0;
  return Math.min(1, (clockMs - snake.snakeClockMs(state)) / snake.SNAKE_TICK_MS);
}

function snakeUi(): GameUi<snake.SnakeDirection, SnakePlay> {
  const canvas = document.createElement('canvas');
  canvas.className = 'snake-canvas';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Snake board');
  const context = canvas.getContext('2d')!;
  let last: { state: snake.SnakeState; clockMs: number; paused: boolean } | null = null;

  function draw(state: snake.SnakeState, clockMs: number, paused: boolean): void {
    const size = canvas.width;
    const cell = size / GRID;
    context.clearRect(0, 0, size, size);
    // A quiet checkerboard so the player can judge distances.
    context.fillStyle = '#1b2335';
    for (let y = 0; y < GRID; y++)
      for (let x = y % 2; x < GRID; x += 2) context.fillRect(x * cell, y * cell, cell, cell);
    const centre = (value: number) => (value + 0.5) * cell;

    const food = snake.snakeFood(state);
    if (food) {
      context.fillStyle = '#ff8f7a';
      context.shadowColor = '#ff8f7a';
      context.shadowBlur = cell * 0.6;
      context.beginPath();
      context.arc(centre(food.x), centre(food.y), cell * 0.32, 0, Math.PI * 2);
      context.fill();
      context.shadowBlur = 0;
    }

    const cells = snake.snakeCells(state);
    const head = cells[0]!;
    const f = paused ? 0 : glide(state, clockMs, head);
    const [dx, dy] = STEP[state.waitingTurns[0] ?? state.heading];
    const headPoint = { x: centre(head.x + dx * f), y: centre(head.y + dy * f) };
    const points = [headPoint, ...cells.map((part) => ({ x: centre(part.x), y: centre(part.y) }))];
    // The tail follows the glide unless the head is about to eat (the snake grows, its tail stays).
    const eats = food !== null && head.x + dx === food.x && head.y + dy === food.y;
    if (f > 0 && !eats && points.length > 2) {
      const tail = points[points.length - 1]!;
      const before = points[points.length - 2]!;
      points[points.length - 1] = {
        x: tail.x + (before.x - tail.x) * f,
        y: tail.y + (before.y - tail.y) * f,
      };
    }
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.lineWidth = cell * 0.72;
    context.strokeStyle = state.end === null ? '#5fd4b4' : '#8a95ab';
    context.beginPath();
    points.forEach((point, index) =>
      index === 0 ? context.moveTo(point.x, point.y) : context.lineTo(point.x, point.y),
    );
    context.stroke();
    // The head: a brighter disc with two eyes looking where it goes.
    context.fillStyle = state.end === null ? '#b6f5e2' : '#c9d1df';
    context.beginPath();
    context.arc(headPoint.x, headPoint.y, cell * 0.42, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#0e1320';
    for (const side of [-1, 1]) {
      const eyeX = headPoint.x + dx * cell * 0.15 + dy * side * cell * 0.17;
      const eyeY = headPoint.y + dy * cell * 0.15 + dx * side * cell * 0.17;
      context.beginPath();
      context.arc(eyeX, eyeY, cell * 0.07, 0, Math.PI * 2);
      context.fill();
    }
  }

  function show(state: snake.SnakeState, clockMs: number, paused: boolean): void {
    last = { state, clockMs, paused };
    draw(state, clockMs, paused);
    // What the picture shows, in words; set only when it changes.
    const label = `Snake board: the snake heads ${state.heading}`;
    if (canvas.ariaLabel !== label) canvas.ariaLabel = label;
  }

  return {
    game: GAME_CATALOG.snake,
    core: snake.snakeCore,
    pauseOnBlur: true,
    steerWhileSwiping: true,
    newPlay: (seed) => new SnakePlay({ seed }),
    newHiddenPlay: (page) => SnakePlay.released(page.release),
    mount(board) {
      board.tabIndex = -1;
      board.append(canvas);
      // Sharp on any screen: the canvas has as many pixels as the board shows.
      new ResizeObserver(() => {
        canvas.width = Math.round(board.clientWidth * devicePixelRatio);
        canvas.height = canvas.width;
        if (last) draw(last.state, last.clockMs, last.paused);
      }).observe(board);
    },
    render(play, clockMs, paused) {
      show(play.state, clockMs, paused);
    },
    direction(play, direction, clockMs) {
      play.turn(direction, clockMs);
      return null; // turns are silent: eating is the sound
    },
    stats: (play) => [
      { label: 'Score', value: String(snake.snakeScore(play.state)), live: true },
      { label: 'Length', value: String(play.state.length), live: false },
    ],
    resultText: (play) => `Score ${snake.snakeScore(play.state)}: ${END_TEXT[play.state.end ?? 'time']}.`,
    // A position is one tick: drawn still, without the glide toward the next.
    watch: runWatcher(snake.snakeCore as GameCore<unknown>, snakeTimeline, (state) => show(state, 0, true)),
  };
}

runGame(snakeUi(), document.getElementById('game')!);
