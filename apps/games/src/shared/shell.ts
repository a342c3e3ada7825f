import type { GameToPageMessage } from '@arena/contracts/game-frame.contract';
import type { CatalogGame } from '@arena/contracts/games.catalog';
import type { GameCore } from '@arena/games';
import { directionOfKey, swipeDirection, type Direction } from './directions';
import { button, element } from './dom';
import { endOfRunMessages, nextMode, PageReveals, type PlayMode } from './frame-protocol';
import { GameBar, type Stat } from './game-bar';
import { GameClock } from './game-clock';
import { GameScreen } from './game-screen';
import { connectToPage, isDemoUrl, randomSeed, type PageLink } from './page-link';
import type { Cue, Play } from './play';
import type { RunWatcher } from './run-watch';
import { Sound } from './sound';
import { WatchControls } from './watch-controls';
import './game.css';

/** What the shell lets a game's board do: act on the current play, when play is allowed. */
export interface BoardHost<P> {
  /**
   * Runs `action` with the play and the game clock if the game is running (started, not paused, not
   * over). An action that waits for the server (a Memory Pairs reveal) answers a promise of its cue.
   */
  act(action: (play: P, clockMs: number) => Cue | null | Promise<Cue | null>): void;
  /** The game clock now (for an action that finishes when the server answers). */
  clockMs(): number;
}

/** A game's own part: its play, its board, its numbers. The shell does the rest (modes, clock, pause, end). */
export interface GameUi<I, P extends Play<I>> {
  game: CatalogGame;
  core: GameCore<I>;
  newPlay(seed: string): P;
  /**
   * A tournament run of a game whose hidden state the server keeps (AUTH without a seed): each piece
   * is revealed (or released) by the server as the run goes, through the page. A promise when the run
   * needs an answer before it can be shown (Tile Merge's opening). Games played from a seed leave it out.
   */
  newHiddenPlay?(page: PageReveals): P | Promise<P>;
  /** Builds the board inside `board`, once. */
  mount(board: HTMLElement, host: BoardHost<P>): void;
  /** Draws the play; on every change and every frame while running. Paused: nothing may be memorised. */
  render(play: P, clockMs: number, paused: boolean): void;
  stats(play: P, clockMs: number): Stat[];
  /** The result in words for the game-over screen. */
  resultText(play: P): string;
  /** Arrow keys, WASD and swipes; games played otherwise leave it out. */
  direction?(play: P, direction: Direction, clockMs: number): Cue | null | Promise<Cue | null>;
  /** Real-time games pause when the frame loses focus, so a click outside does not cost the run. */
  pauseOnBlur?: boolean;
  /** Real-time games steer mid-swipe: a turn as soon as the finger has travelled far enough, then the next. */
  steerWhileSwiping?: boolean;
  /** Watching a verified run (issue 23): opens it on this game's board (run-watch.ts `runWatcher`). */
  watch?: RunWatcher;
}

/** `watching`: a verified run is replayed (WATCH_RUN); no play exists, so no input is ever taken. */
type Phase = 'waiting' | 'ready' | 'running' | 'paused' | 'confirm-end' | 'over' | 'watching';

/**
 * Runs one game page: the frame protocol (demo, tournament run, unavailable), the start and game-over
 * screens, the game clock with pause, sound, the End game button, keys and swipes. A tournament run is
 * one run: at its end the result is checked against the core's replay and the log is submitted once.
 */
export function runGame<I, P extends Play<I>>(ui: GameUi<I, P>, root: HTMLElement): void {
  const sound = new Sound();
  let mode: PlayMode = { kind: 'connecting' };
  let link: PageLink | null = null;
  let phase: Phase = 'waiting';
  let clock = new GameClock(() => performance.now());
  let play: P | null = null;
  let frameRequest = 0;

  // The page: the bar, the board with its screen, the controls, and a voice for the end of a run.
  const bar = new GameBar(ui.game.name, {
    pause: () => (phase === 'paused' ? resumePlay() : pause()),
    sound: () => sound.toggle(),
    end: () => confirmEnd(),
  });
  const stage = element('div', 'stage');
  const board = element('div', `board board--${ui.game.slug}`);
  const screen = new GameScreen(board, `${ui.game.slug}-screen-title`);
  stage.append(board, screen.node);
  const announcer = element('p', 'visually-hidden');
  announcer.setAttribute('aria-live', 'assertive');
  const help = element('p', 'help', ui.game.controls);
  root.append(bar.node, stage, help, announcer);
  ui.mount(board, { act, clockMs: () => clock.elapsedMs() });

  let reveals: PageReveals | null = null;

  function act(action: (play: P, clockMs: number) => Cue | null | Promise<Cue | null>): void {
    if (phase !== 'running' || !play) return;
    const cue = action(play, clock.elapsedMs());
    if (cue instanceof Promise) {
      const run = play;
      void cue.then((later) => {
        if (play !== run) return;
        sound.play(later);
        refresh();
      });
      return;
    }
    sound.play(cue);
    refresh();
  }

  function refresh(): void {
    if (!play) return;
    const clockMs = clock.elapsedMs();
    ui.render(play, clockMs, phase === 'paused' || phase === 'confirm-end');
    bar.showStats(ui.stats(play, clockMs));
    bar.showPlaying(phase === 'running' || phase === 'paused', phase === 'paused');
    if (play.over && phase === 'running') finish();
  }

  /** The game clock is held while the run waits for the server (see Play.waiting). */
  let held = false;

  function loop(): void {
    frameRequest = 0;
    if (phase !== 'running' || !play) return;
    const now = clock.elapsedMs();
    if (now >= ui.core.maxDurationMs) play.end(ui.core.maxDurationMs);
    else sound.play(play.advance(now));
    if (play.holdsClock && !clock.paused) {
      clock.pause();
      held = true;
    } else if (held && !play.holdsClock) {
      clock.resume();
      held = false;
    }
    refresh();
    if (phase === 'running') frameRequest = requestAnimationFrame(loop);
  }

  function newRun(seed: string): void {
    startRun(ui.newPlay(seed));
  }

  function startRun(next: P): void {
    clock = new GameClock(() => performance.now());
    held = false;
    play = next;
    phase = 'ready';
    refresh();
  }

  function start(): void {
    if (phase !== 'ready') return;
    phase = 'running';
    clock.start();
    screen.hide();
    refresh();
    frameRequest = requestAnimationFrame(loop);
  }

  function pause(): void {
    if (phase !== 'running') return;
    phase = 'paused';
    clock.pause();
    cancelAnimationFrame(frameRequest);
    const resume = button('Resume', undefined, () => resumePlay());
    screen.show('Paused', ['The clock is stopped.'], [resume]);
    refresh();
  }

  function resumePlay(): void {
    if (phase !== 'paused' && phase !== 'confirm-end') return;
    phase = 'running';
    clock.resume();
    screen.hide();
    refresh();
    frameRequest = requestAnimationFrame(loop);
  }

  function confirmEnd(): void {
    if (phase !== 'running' && phase !== 'paused') return;
    if (phase === 'running') clock.pause();
    cancelAnimationFrame(frameRequest);
    phase = 'confirm-end';
    const keep = button('Keep playing', undefined, () => resumePlay());
    const end = button('End game', 'button button--danger', () => endEarly());
    const lines =
      mode.kind === 'tournament'
        ? ['Your run ends here and what you played so far is submitted.']
        : ['Your run ends here.'];
    screen.show('End this game?', lines, [keep, end]);
    refresh();
  }

  function endEarly(): void {
    if (phase !== 'confirm-end' || !play) return;
    play.end(clock.elapsedMs());
    phase = 'running';
    refresh();
    // A run that ends when the server has answered (Snake's food on the way to the wall) goes on.
    if (phase === 'running' && !play.over) frameRequest = requestAnimationFrame(loop);
  }

  /** The run is over: check it replays to what was shown, post the result (and the submission), say so. */
  function finish(): void {
    if (!play) return;
    phase = 'over';
    cancelAnimationFrame(frameRequest);
    sound.play('over');
    const auth = mode.kind === 'tournament' ? mode.auth : null;
    const messages: GameToPageMessage[] = endOfRunMessages(
      ui.game.slug,
      play.replay(),
      play.log.toArray(),
      play.result(),
      auth,
    );
    for (const message of messages) link?.post(message);
    const failed = messages[0]?.type === 'GAME_ERROR';
    const result = ui.resultText(play);
    const lines = failed
      ? ['This run could not be verified, so it was not submitted.']
      : auth
        ? [result, 'Submitted — the page will show your verified score.']
        : [result];
    announcer.textContent = `Game over. ${failed ? lines[0] : result}`;
    // A tournament run is one run; a demo may go again.
    const again = button('Play again', undefined, () => {
      newRun(randomSeed());
      start();
    });
    screen.show(failed ? 'Something went wrong' : 'Game over', lines, auth ? [] : [again]);
    refresh();
  }

  /** The screen before a tournament run starts: one run counts. */
  function showReady(): void {
    if (mode.kind !== 'tournament') return;
    const startButton = button('Start', undefined, start);
    const { tournamentId, matchId, expiresAt } = mode.auth;
    const until = new Date(expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    screen.show(
      'Ready for your tournament run',
      [
        'One run counts: the clock starts when you press Start.',
        `Tournament ${tournamentId}${matchId ? `, match ${matchId}` : ''}. Finish before ${until}.`,
      ],
      [startButton],
    );
  }

  let watching: WatchControls | null = null;

  /**
   * Replays a verified run on the board, under a scrubber: the phase stays `watching`, so `act` and the
   * end of a run never happen, and nothing is posted to the page.
   */
  function watch(run: Extract<PlayMode, { kind: 'watch' }>['run']): void {
    phase = 'watching';
    const opened = ui.watch
      ? ui.watch(run)
      : { ok: false as const, reason: 'This game cannot show a run yet.' };
    if (!opened.ok) {
      screen.show('This run cannot be shown', [opened.reason]);
      return;
    }
    bar.showWatching();
    root.classList.add('game--watching');
    board.classList.add('board--watching');
    watching = new WatchControls(
      opened.view,
      run.playerName,
      (stats) => bar.showStats(stats),
      (text) => (announcer.textContent = text),
    );
    help.replaceWith(watching.node);
    screen.hide();
    watching.focus();
  }

  /** The screen for the current mode before a run starts. */
  function showMode(): void {
    switch (mode.kind) {
      case 'watch':
        watch(mode.run);
        return;
      case 'connecting':
        screen.show('Connecting…', ['Getting the game ready.']);
        return;
      case 'demo': {
        newRun(randomSeed());
        const startButton = button('Start', undefined, start);
        screen.show(
          ui.game.name,
          [ui.game.tagline, 'Demo: play for fun, nothing is submitted.'],
          [startButton],
        );
        return;
      }
      case 'tournament': {
        const { seed } = mode.auth;
        if (seed !== null) newRun(seed);
        else if (ui.newHiddenPlay) {
          const pageReveals = new PageReveals((message) => link?.post(message), mode.auth);
          reveals = pageReveals;
          const hidden = ui.newHiddenPlay(pageReveals);
          if (hidden instanceof Promise) {
            screen.show('Connecting…', ['Getting your tournament run from the server.']);
            hidden.then(
              (ready) => {
                startRun(ready);
                showReady();
              },
              (error: unknown) => {
                mode = {
                  kind: 'unavailable',
                  message: error instanceof Error ? error.message : String(error),
                };
                showMode();
              },
            );
            return;
          }
          startRun(hidden);
        } else {
          mode = { kind: 'unavailable', message: 'This game cannot be played without its seed.' };
          showMode();
          return;
        }
        showReady();
        return;
      }
      case 'unavailable': {
        const demo = button('Play for fun', undefined, () => {
          mode = { kind: 'demo' };
          showMode();
        });
        screen.show('You cannot play this run', [mode.message], [demo]);
        return;
      }
      default: {
        const exhaustive: never = mode;
        return exhaustive;
      }
    }
  }

  window.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (phase === 'watching') {
      // Space plays or pauses (a focused button's own Space is its click); every other key does its own.
      const onButton = event.target instanceof HTMLButtonElement;
      if (event.key !== ' ' || onButton || !watching) return;
      event.preventDefault();
      if (!event.repeat) watching.toggle();
      return;
    }
    if (event.key === 'p' || event.key === 'P') {
      if (event.repeat) return; // a held key would pause and resume over and over
      if (phase === 'running') pause();
      else if (phase === 'paused') resumePlay();
      return;
    }
    const direction = directionOfKey(event.key);
    if (!direction || !ui.direction) return;
    event.preventDefault(); // arrows would scroll the page
    act((current, clockMs) => ui.direction!(current, direction, clockMs));
  });

  if (ui.direction) {
    let swipeFrom: { x: number; y: number } | null = null;
    board.addEventListener('pointerdown', (event) => {
      swipeFrom = { x: event.clientX, y: event.clientY };
    });
    const swipe = (event: PointerEvent, ended: boolean) => {
      if (!swipeFrom) return;
      const direction = swipeDirection(event.clientX - swipeFrom.x, event.clientY - swipeFrom.y);
      swipeFrom = ended ? null : direction ? { x: event.clientX, y: event.clientY } : swipeFrom;
      if (direction) act((current, clockMs) => ui.direction!(current, direction, clockMs));
    };
    board.addEventListener('pointerup', (event) => swipe(event, true));
    if (ui.steerWhileSwiping) board.addEventListener('pointermove', (event) => swipe(event, false));
    board.addEventListener('pointercancel', () => (swipeFrom = null));
  }

  document.addEventListener('visibilitychange', () => {
    if (document.hidden) pause();
  });
  if (ui.pauseOnBlur) window.addEventListener('blur', () => pause());

  // Played on its own, or asked for a demo by the page's URL: no need to wait for the page's answer.
  const framed = window.parent !== window;
  if (!framed || isDemoUrl(window.location)) mode = { kind: 'demo' };
  showMode();
  if (!framed) return;
  connectToPage((message) => {
    if (reveals?.receive(message)) return;
    const next = nextMode(mode, message);
    if (next === mode) return;
    mode = next;
    showMode();
  })
    .then((connected) => (link = connected))
    .catch(() => {
      if (mode.kind !== 'connecting') return;
      mode = { kind: 'unavailable', message: 'Game integration not available.' };
      showMode();
    });
}
