import type { GameArtBoard } from '@arena/contracts/game-art';
import { GAME_ART_BOARDS } from '@arena/contracts/game-art.boards';
import { catalogGame } from '@arena/contracts/games.catalog';
import { memo } from 'react';
import { boardImageUrl } from './game-art.svg';
import './game-art.css';

/**
 * A challenge's art (issue 23, item 8): for a hosted game, a board its own core reached from a fixed
 * seed (libs/games/src/game-art.ts, written to contracts by `npm run art:games`), drawn as an SVG image; for any
 * other game a neutral panel with its name. On a card it is decoration (the game's name is text beside
 * it); on the challenge page it is the header picture and says what it shows.
 */
export interface GameArtProps {
  game: { slug: string; name: string };
  /** True on the challenge page: the board is a picture with a name; false on a card (hidden from AT). */
  labelled?: boolean;
  className?: string;
}

/** Memoised: the list re-renders each second while a countdown runs, and the art never changes with it. */
export const GameArt = memo(function GameArt({ game, labelled = false, className = '' }: GameArtProps) {
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
});

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

/**
 * The board as one image (game-art.svg.ts says why not inline SVG). On a card it is decoration (empty
 * alt); on the challenge page its alt says what it shows.
 */
function GameBoard({ board, label }: { board: GameArtBoard; label: string | null }) {
  return (
    <img
      className="game-art__board"
      src={boardImageUrl(board)}
      alt={label ?? ''}
      data-game-art={board.kind}
      width={100}
      height={100}
      decoding="async"
      draggable={false}
    />
  );
}
