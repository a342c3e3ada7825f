import { Body, Controller, HttpCode, Param, Patch, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus } from '@nestjs/cqrs';
import { BearerKeyGuard, ZodValidationPipe } from '@arena/http';
import { CancelTournamentCommand } from '../application/commands/cancel-tournament.command';
import { CreateTournamentCommand } from '../application/commands/create-tournament.command';
import { EditTournamentCommand } from '../application/commands/edit-tournament.command';
import {
  cancelTournamentBody,
  createTournamentBody,
  editTournamentBody,
  type CancelTournamentBody,
  type CreateTournamentBody,
  type EditTournamentBody,
} from '@arena/contracts';

@Controller('admin/tournaments')
@UseGuards(BearerKeyGuard('ADMIN_API_KEY'))
export class AdminTournamentsController {
  constructor(private readonly commands: CommandBus) {}

  /** 201 when created; a repeat with the same id and body answers 200 with the stored tournament, changing nothing. */
  @Post()
  async create(
    @Body(new ZodValidationPipe(createTournamentBody)) body: CreateTournamentBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { created, ...tournament } = await this.commands.execute(new CreateTournamentCommand(body));
    void reply.status(created ? 201 : 200);
    return { success: true, data: tournament };
  }

  @Patch(':id')
  async edit(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(editTournamentBody)) body: EditTournamentBody,
  ) {
    return { success: true, data: await this.commands.execute(new EditTournamentCommand(id, body)) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(cancelTournamentBody)) body: CancelTournamentBody,
  ) {
    return { success: true, data: await this.commands.execute(new CancelTournamentCommand(id, body.reason)) };
  }
}
