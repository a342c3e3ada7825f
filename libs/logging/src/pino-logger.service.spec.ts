import { PassThrough } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { createPino, PinoLoggerService, type LogOutput } from './pino-logger.service';

function capture(isTTY: boolean): { output: LogOutput; text: () => string } {
  const output = Object.assign(new PassThrough(), { isTTY });
  const chunks: string[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { output, text: () => chunks.join('') };
}

describe('logs', () => {
  it('are readable lines in a terminal', async () => {
    const { output, text } = capture(true);
    new PinoLoggerService(createPino('info', 'api', output)).log(
      { port: 3000 },
      'API listening',
      'Bootstrap',
    );
    await new Promise((resolve) => setImmediate(resolve));
    const line = stripVTControlCharacters(text());
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO \(api\): API listening/);
    expect(line).toContain('port: 3000');
    expect(() => JSON.parse(line)).toThrow();
  });

  it('are JSON lines anywhere else', async () => {
    const { output, text } = capture(false);
    new PinoLoggerService(createPino('info', 'worker', output)).warn('Lagging', 'Projections');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(text())).toMatchObject({
      level: 40,
      service: 'worker',
      context: 'Projections',
      msg: 'Lagging',
    });
  });
});
