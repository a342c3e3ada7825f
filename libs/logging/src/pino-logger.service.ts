import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

export function createPino(level: string, name: string): Logger {
  return pino({ level, name, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime });
}

/**
 * Nest's logger interface over pino: structured JSON lines. Nest passes the logger's context as the
 * last argument; an object message becomes the line's fields.
 */
export class PinoLoggerService implements LoggerService {
  constructor(readonly pino: Logger) {}

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: pino.Level, message: unknown, rest: unknown[]) {
    const strings = rest.filter((value): value is string => typeof value === 'string');
    const context = strings.length > 0 ? strings[strings.length - 1] : undefined;
    const stack = level === 'error' && strings.length > 1 ? strings[0] : undefined;
    if (message instanceof Error) {
      this.pino[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      const text = strings.length > 1 ? strings[0] : undefined;
      this.pino[level]({ context, ...message }, text);
    } else {
      this.pino[level]({ context, stack }, String(message));
    }
  }
}
