export { PinoLoggerService, createPino } from './pino-logger.service';
