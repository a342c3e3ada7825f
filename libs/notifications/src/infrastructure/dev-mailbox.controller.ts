import { Controller, Get, NotFoundException } from '@nestjs/common';
import { DevMailboxQuery, type MailboxView } from '../application/queries/dev-mailbox.query';

/** `/api/dev/mailbox`: what the local outbox driver kept. A 404 whenever every channel has a real provider. */
@Controller('dev/mailbox')
export class DevMailboxController {
  constructor(private readonly mailbox: DevMailboxQuery) {}

  @Get()
  async list(): Promise<{ success: true; data: MailboxView }> {
    const view = await this.mailbox.view();
    if (!view) throw new NotFoundException('Not Found');
    return { success: true, data: view };
  }
}
