import { PACKED_LOG_MAX_CHARS } from './packed-log';
import { PlayMessages, playResultBody } from './plays.contract';

describe('a play result body', () => {
  const gameToken = 'token';
  const issue = (body: unknown) => {
    const parsed = playResultBody.safeParse(body);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('carries the log once: JSON or packed', () => {
    expect(issue({ gameToken, log: [{ atMs: 5, input: 'up' }] })).toBeNull();
    expect(issue({ gameToken, packedLog: 'AQUD' })).toBeNull();
    expect(issue({ gameToken, log: [], packedLog: 'AQUD' })).toBe(PlayMessages.oneLogForm);
    expect(issue({ gameToken })).toBe(PlayMessages.oneLogForm);
  });

  it('checks the packed string for its alphabet and length only', () => {
    expect(issue({ gameToken, packedLog: 'AQ+D' })).toBe('The packed log is not base64url');
    expect(issue({ gameToken, packedLog: 'AQU=' })).toBe('The packed log is not base64url');
    expect(issue({ gameToken, packedLog: 'AQ\u0000D' })).toBe('The packed log is not base64url');
    expect(issue({ gameToken, packedLog: 'A' })).not.toBeNull();
    expect(issue({ gameToken, packedLog: 'A'.repeat(PACKED_LOG_MAX_CHARS) })).toBeNull();
    expect(issue({ gameToken, packedLog: 'A'.repeat(PACKED_LOG_MAX_CHARS + 1) })).not.toBeNull();
    expect(issue({ gameToken, packedLog: 5 })).not.toBeNull();
  });
});
