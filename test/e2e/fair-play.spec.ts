/**
 * Issue 10's promise end to end, in Chromium: the real game app on its own origin, framed by the real
 * web app and API (with the worker projecting the leaderboard). A signed-in member joins a tournament of
 * each catalog game, plays it in the frame by keyboard, the game submits its input log, and the member
 * sees on the leaderboard the score the server computed by replaying that log; a guest's demo submits
 * nothing.
 */
import type { Browser, Page, Response } from 'playwright-core';
import {
  GAME_CATALOG,
  type PlayResultBody,
  type StartedPlay,
  type VerifiedGameSlug,
  type VerifiedPlayResult,
} from '@arena/contracts';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { decodePackedLog, GAME_CORES } from '@arena/games';
import { tournamentStreamId } from '@arena/tournaments';
import { keystreamBlocks } from '../../libs/tournaments/src/application/play-keystream';
import { formatScore } from '../../web/src/features/tournaments/challenge-detail.format';
import { DESKTOP, launchBrowser } from './support/browser';
import { captureAtBothWidths } from './support/capture';
import { recordDiagnostics } from './support/diagnostics';
import { PHONE_375, SCRIPTED_RUNS, startRun } from './support/game-play';
import { startTestGameServer, type TestGameServer } from './support/game-server';
import { createMember, signIn } from './support/member';
import { startWebApp, type RunningWebApp } from './support/web-app';

jest.setTimeout(120_000);

const ADMIN_KEY = 'f'.repeat(40);

describe('fair play: the real games in the app, every score verified by the server', () => {
  let games: TestGameServer;
  let web: RunningWebApp;
  let browser: Browser;
  const diagnostics: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    // The games' origin is needed by the app's config, the app's by the games' headers: games first.
    games = await startTestGameServer();
    [web, browser] = await Promise.all([
      startWebApp({ gameOrigin: games.origin, adminApiKey: ADMIN_KEY, worker: true }),
      launchBrowser(),
    ]);
    games.appOrigin = web.baseUrl;
  });

  afterEach(async () => {
    for (const save of diagnostics.splice(0)) await save();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await games?.close();
  });

  async function openPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: web.baseUrl, viewport: DESKTOP });
    const page = await context.newPage();
    diagnostics.push(recordDiagnostics(page, expect.getState().currentTestName ?? 'fair-play'));
    return page;
  }

  /** An instant tournament of a catalog game, created as an operator does: the game by its slug alone. */
  async function createTournament(slug: VerifiedGameSlug): Promise<string> {
    const response = await fetch(`${web.baseUrl}/api/admin/tournaments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}` },
      body: JSON.stringify({
        title: `${GAME_CATALOG[slug].name} Fair Cup`,
        description: 'Every result replayed by the server before it counts.',
        mode: 'INSTANT',
        format: GAME_CATALOG[slug].resultKind === 'TIME' ? 'TIME_ATTACK' : 'SCORE_ATTACK',
        prizeModel: 'WINNER_TAKES_ALL',
        prizePoolCents: 2500,
        maxParticipants: 20,
        game: { slug },
      }),
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string } };
    return data.id;
  }

  const tournamentEvents = async (id: string) =>
    web.app.get<EventStore>(EVENT_STORE).readStream(tournamentStreamId(id));

  const isPost = (response: Response, path: RegExp) =>
    response.request().method() === 'POST' && path.test(new URL(response.url()).pathname);

  it.each(Object.values(GAME_CATALOG))(
    '$name: a member joins, plays by keyboard in the frame, and the leaderboard shows the replayed score',
    async ({ slug, name, resultKind }) => {
      const id = await createTournament(slug);
      const member = await createMember(web);
      const page = await openPage();
      await signIn(page, web, member);
      await page.goto(`/challenges/${id}`);
      // The catalog named the game: the operator gave only its slug.
      await page.getByRole('heading', { level: 1, name: `${name} Fair Cup` }).waitFor();

      await page.getByRole('button', { name: 'Join', exact: true }).click();
      const charity = page.getByRole('dialog', { name: 'Choose a charity' });
      await charity.getByRole('button', { name: 'Skip for now' }).click();
      await charity.waitFor({ state: 'hidden' });

      const started = page.waitForResponse((response) => isPost(response, /\/plays$/));
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      const play = ((await (await started).json()) as { data: StartedPlay }).data;
      expect(play).toMatchObject({ tournamentId: id, game: slug, matchId: null });

      const frame = page.frameLocator(`iframe[title="${name} game"]`);
      await frame.getByRole('heading', { name: 'Ready for your tournament run' }).waitFor();
      const game = page.frames().find((candidate) => candidate.url().startsWith(`${games.origin}/${slug}/`))!;
      const submitted = page.waitForResponse((response) => isPost(response, /^\/api\/plays\/[^/]+\/result$/));
      await startRun(game);
      await SCRIPTED_RUNS[slug](page, game);

      const answer = await submitted;
      expect(answer.status()).toBe(201);
      const sent = answer.request().postDataJSON() as PlayResultBody;
      const verified = ((await answer.json()) as { data: VerifiedPlayResult }).data;
      // The score is the server's: what the core replays from the logged inputs on the play's seed.
      // No start answer holds a seed (the server keeps Memory Pairs' layout, and releases Tile Merge's
      // tiles and Snake's food as the run goes): it is read from the stream. Those replay on its keystream.
      const opened = (await tournamentEvents(id)).find((event) => event.type === 'PlayStarted')!;
      const seed = (opened.data as { seed: string }).seed;
      expect(play.seed).toBeNull();
      // The frame sends the log packed; read back, it is the list the core replays.
      expect(sent.log).toBeUndefined();
      const decoded = decodePackedLog(slug, sent.packedLog!);
      if (!decoded.ok) throw new Error(`The submitted log does not read: ${decoded.reason}`);
      const log = decoded.log;
      const keystream = GAME_CORES[slug].keystream;
      // A keystream game's releases are the ones an honest client makes for its log.
      const releases = keystream?.releasesOf((step) => keystreamBlocks(seed, step, 1)[0]!, log) ?? [];
      const replayed = keystream
        ? keystream.replayOn(keystreamBlocks(seed, 0, releases.length), log, releases)
        : GAME_CORES[slug].replay(seed, log);
      if (!replayed.valid) throw new Error(`The submitted log does not replay: ${replayed.reason}`);
      const { score, completed, durationMs } = replayed.result;
      expect(verified).toMatchObject({
        playId: play.playId,
        score,
        durationMs,
        // A points game counts however the run ended; only a TIME game's unfinished run has no time.
        completed: resultKind === 'TIME' ? completed : true,
        attempt: 1,
      });

      const shown = formatScore(verified.score, resultKind === 'TIME');
      await page
        .getByRole('status')
        .filter({ hasText: `Score verified: ${shown}` })
        .waitFor();
      // The post-game moment: the verified score and the place it took on the live leaderboard.
      const postGame = page.getByRole('region', { name: 'Score verified' });
      await postGame.getByText(shown, { exact: true }).first().waitFor();
      await postGame.getByText('You are #1 on the leaderboard.').waitFor();
      // The run just verified is the member's best: it can be watched from here.
      await postGame.getByRole('button', { name: 'Watch your best run' }).waitFor();
      await page
        .getByTestId('leaderboard-row')
        .filter({ hasText: member.username })
        .filter({ hasText: shown })
        .waitFor();

      const recorded = (await tournamentEvents(id)).filter((event) => event.type === 'ScoreSubmitted');
      expect(recorded.map((event) => event.data)).toEqual([
        expect.objectContaining({ userId: member.id, score: verified.score, playId: play.playId }),
      ]);

      // Toasts fade in and out: axe would judge a half-faded one's contrast. Look once they are gone.
      await page.waitForFunction(() => document.querySelectorAll('.toast').length === 0, null, {
        timeout: 15_000,
      });
      await captureAtBothWidths(page, `fair-play-${slug}-verified`, { phone: PHONE_375, fullPage: false });
    },
  );

  it('lets a guest play a demo in the frame and submits nothing', async () => {
    const id = await createTournament('snake');
    const page = await openPage();
    const playRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/plays(\/|$)/.test(new URL(request.url()).pathname)) playRequests.push(request.url());
    });
    await page.goto(`/challenges/${id}`);
    await page.getByRole('button', { name: 'Play Demo' }).click();

    const frame = page.frameLocator('iframe[title="Snake game"]');
    await frame.getByText('Demo: play for fun, nothing is submitted.').waitFor();
    const game = page.frames().find((candidate) => candidate.url().startsWith(`${games.origin}/snake/`))!;
    expect(new URL(game.url()).searchParams.get('demo')).toBe('1');
    await startRun(game);
    await SCRIPTED_RUNS.snake(page, game);
    // GAME_COMPLETED reached the page, which says so; the demo may go again and the modal stays.
    await page
      .getByRole('status')
      .filter({ hasText: /^Game over: you scored \d+$/ })
      .waitFor();
    await frame.getByRole('button', { name: 'Play again' }).waitFor();
    await page.getByRole('dialog', { name: 'Demo: Snake' }).waitFor();

    expect(playRequests).toEqual([]);
    const types = (await tournamentEvents(id)).map((event) => event.type);
    expect(types).not.toContain('PlayStarted');
    expect(types).not.toContain('ScoreSubmitted');
  });
});
