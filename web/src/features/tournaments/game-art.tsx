import type { GameArtBoard, PairsArtBoard, SnakeArtBoard, TilesArtBoard } from '@arena/contracts/game-art';
import { GAME_ART_BOARDS } from '@arena/contracts/game-art.boards';
import { catalogGame } from '@arena/contracts/games.catalog';
import './game-art.css';

/**
 * A challenge's art (issue 23, item 8): for a hosted game, a board its own core reached from a fixed
 * seed (libs/games/src/game-art.ts, written to contracts by `npm run art:games`), drawn as SVG; for any
 * other game a neutral panel with its name. On a card it is decoration (the game's name is text beside
 * it); on the challenge page it is the header picture and says what it shows.
 */
export interface GameArtProps {
  game: { slug: string; name: string };
  /** True on the challenge page: the board is a picture with a name; false on a card (hidden from AT). */
  labelled?: boolean;
  className?: string;
}

export function GameArt({ game, labelled = false, className = '' }: GameArtProps) {
  const hosted = catalogGame(game.slug);
  const board = hosted ? GAME_ART_BOARDS[hosted.slug] : null;
  return (
    <div
      className={`game-art game-art--${board ? board.kind : 'external'} ${className}`.trim()}
      aria-hidden={labelled && board ? undefined : true}
    >
      <span className="game-art__name" aria-hidden="true">
        {game.name}
      </span>
      {board && <GameBoard board={board} label={labelled ? gameArtLabel(game.name, board) : null} />}
    </div>
  );
}

/** What the picture shows, for a screen reader. */
export function gameArtLabel(name: string, board: GameArtBoard): string {
  switch (board.kind) {
    case 'tiles':
      return `A ${name} board played by the game's rules: biggest tile ${Math.max(...board.cells)}, score ${board.score}`;
    case 'snake':
      return `A ${name} board played by the game's rules: a snake of ${board.body.length} cells, score ${board.score}`;
    case 'pairs':
      return `A ${name} board played by the game's rules: ${board.pairsFound} of ${board.cards.length / 2} pairs found`;
  }
}

function GameBoard({ board, label }: { board: GameArtBoard; label: string | null }) {
  const a11y = label === null ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': label };
  return (
    <svg
      className="game-art__board"
      viewBox="0 0 100 100"
      data-game-art={board.kind}
      focusable="false"
      {...a11y}
    >
      {board.kind === 'tiles' && <TilesBoard board={board} />}
      {board.kind === 'snake' && <SnakeBoard board={board} />}
      {board.kind === 'pairs' && <PairsBoard board={board} />}
    </svg>
  );
}

/** Tile colours by the tile's power of two, from pale to deep. */
const TILE_FILLS = [
  '#eee4da',
  '#ede0c8',
  '#f2b179',
  '#f59563',
  '#f67c5f',
  '#f65e3b',
  '#edcf72',
  '#edcc61',
  '#edc850',
];

function TilesBoard({ board }: { board: TilesArtBoard }) {
  const gap = 2.5;
  const cell = (100 - gap * (board.size + 1)) / board.size;
  return (
    <>
      <rect width="100" height="100" rx="6" fill="#bbada0" />
      {board.cells.map((value, index) => {
        const x = gap + (index % board.size) * (cell + gap);
        const y = gap + Math.floor(index / board.size) * (cell + gap);
        const power = value === 0 ? 0 : Math.log2(value);
        const fill = value === 0 ? '#cdc1b4' : TILE_FILLS[Math.min(power - 1, TILE_FILLS.length - 1)];
        return (
          <g key={index}>
            <rect x={x} y={y} width={cell} height={cell} rx="3" fill={fill} />
            {value > 0 && (
              <text
                x={x + cell / 2}
                y={y + cell / 2}
                dominantBaseline="central"
                textAnchor="middle"
                fontSize={value >= 100 ? 8 : 10}
                fontWeight="700"
                fill={power <= 2 ? '#776e65' : '#ffffff'}
              >
                {value}
              </text>
            )}
          </g>
        );
      })}
    </>
  );
}

function SnakeBoard({ board }: { board: SnakeArtBoard }) {
  const cell = 100 / board.size;
  const centre = (v: number) => v * cell + cell / 2;
  const path = board.body
    .map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${centre(x)} ${centre(y)}`)
    .join(' ');
  const head = board.body[0];
  return (
    <>
      <rect width="100" height="100" rx="6" fill="#10231d" />
      <rect x="1" y="1" width="98" height="98" rx="5" fill="none" stroke="#2e5b4c" strokeWidth="1" />
      <path
        d={path}
        fill="none"
        stroke="#4ade80"
        strokeWidth={cell * 0.8}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {head && <circle cx={centre(head.x)} cy={centre(head.y)} r={cell * 0.55} fill="#bbf7d0" />}
      {board.food && (
        <circle cx={centre(board.food.x)} cy={centre(board.food.y)} r={cell * 0.4} fill="#f87171" />
      )}
    </>
  );
}

/** A face per pair: a colour and a shape, so a face reads without its colour. */
const FACE_FILLS = ['#f59e0b', '#38bdf8', '#f472b6', '#a3e635', '#c084fc', '#fb7185', '#2dd4bf', '#facc15'];

function PairsBoard({ board }: { board: PairsArtBoard }) {
  const rows = Math.ceil(board.cards.length / board.columns);
  const gap = 3;
  const width = (100 - gap * (board.columns + 1)) / board.columns;
  const height = (100 - gap * (rows + 1)) / rows;
  return (
    <>
      <rect width="100" height="100" rx="6" fill="#1e1b4b" />
      {board.cards.map((face, index) => {
        const x = gap + (index % board.columns) * (width + gap);
        const y = gap + Math.floor(index / board.columns) * (height + gap);
        const cx = x + width / 2;
        const cy = y + height / 2;
        return (
          <g key={index}>
            <rect
              x={x}
              y={y}
              width={width}
              height={height}
              rx="2.5"
              fill={face === null ? '#4338ca' : '#f8fafc'}
            />
            {face === null ? (
              <circle cx={cx} cy={cy} r={width * 0.16} fill="none" stroke="#a5b4fc" strokeWidth="1.2" />
            ) : (
              <FaceShape face={face} cx={cx} cy={cy} size={width * 0.3} />
            )}
          </g>
        );
      })}
    </>
  );
}

function FaceShape({ face, cx, cy, size }: { face: number; cx: number; cy: number; size: number }) {
  const fill = FACE_FILLS[face % FACE_FILLS.length];
  switch (face % 4) {
    case 0:
      return <circle cx={cx} cy={cy} r={size} fill={fill} />;
    case 1:
      return <rect x={cx - size} y={cy - size} width={size * 2} height={size * 2} fill={fill} />;
    case 2:
      return (
        <polygon
          points={`${cx},${cy - size} ${cx + size},${cy + size} ${cx - size},${cy + size}`}
          fill={fill}
        />
      );
    default:
      return (
        <polygon
          points={`${cx},${cy - size} ${cx + size},${cy} ${cx},${cy + size} ${cx - size},${cy}`}
          fill={fill}
        />
      );
  }
}
