import { runAdminCommand } from './admin-api';
import { runTournamentsCli } from './tournaments-cli';

runAdminCommand(runTournamentsCli);
