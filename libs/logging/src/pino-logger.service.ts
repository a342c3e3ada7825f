import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/** Where log lines go: a terminal gets them readable, anything else (a file, a collector) JSON lines. */
export type LogOutput = NodeJS.WritableStream & { isTTY?: boolean };

export function createPino(level: string, name: string, output: LogOutput = process.stdout): Logger {
  const options = { level, name, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime };
  if (output.isTTY) {
    return pino(
      options,
      pretty({
        destination: output,
        colorize: true,
        sync: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,service',
      }),
    );
  }
  return pino(options, output === process.stdout ? pino.destination({ fd: 1 }) : output);
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
