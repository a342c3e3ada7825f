import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import type { PlayRun } from '@arena/contracts/plays.contract';
import { AccessTokenGuard, CurrentMember, type Member } from '@arena/identity';
import { runNotFound } from '../domain/tournament.errors';
import { VerifiedRuns } from './verified-runs';

/**
 * Watching a run (issue 23, docs/fair-play.md "Watching a run"): public reads of a finished, verified
 * play's replay material. Anything else (a running play, another member's live play, an unknown or
 * malformed id) answers the same 404, so the answer says nothing of a play that is still going on.
 * `runs/mine` reads the member from the access token alone: no id in the request names whose run.
 */
@Controller()
export class RunsController {
  constructor(private readonly runs: VerifiedRuns) {}

  /** One primary-key read of `verified_runs` (VerifiedRuns.byPlay). */
  @Get('plays/:playId/run')
  async run(@Param('playId') playId: string): Promise<{ success: true; data: PlayRun }> {
    const run = await this.runs.byPlay(playId);
    if (!run) throw runNotFound();
    return { success: true, data: run };
  }

  /** The catalog row, one ranking-index entry and one player's runs (VerifiedRuns.bestOf). */
  @Get('tournaments/:id/runs/best')
  async best(@Param('id') id: string): Promise<{ success: true; data: PlayRun }> {
    const run = await this.runs.bestOf(id);
    if (!run) throw runNotFound();
    return { success: true, data: run };
  }

  /** The signed-in member's own best verified run (VerifiedRuns.bestOfMember): 401 without a token. */
  @Get('tournaments/:id/runs/mine')
  @UseGuards(AccessTokenGuard)
  async mine(
    @Param('id') id: string,
    @CurrentMember() member: Member,
  ): Promise<{ success: true; data: PlayRun }> {
    const run = await this.runs.bestOfMember(id, member.id);
    if (!run) throw runNotFound();
    return { success: true, data: run };
  }
}
