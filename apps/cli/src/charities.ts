import { runAdminCommand } from './admin-api';
import { runCharitiesCli } from './charities-cli';

runAdminCommand(runCharitiesCli);
