import { NotFoundException, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import type { AppConfig } from '@arena/config';
import { BearerKeyGuard } from './bearer-key.guard';

describe('BearerKeyGuard', () => {
  const key = 'operator-token-0123456789abcdef';
  const MetricsGuard = BearerKeyGuard('METRICS_TOKEN');
  const guard = (config: Partial<AppConfig>) => new MetricsGuard(config as AppConfig);
  const calling = (authorization?: string | string[]) =>
    ({ switchToHttp: () => ({ getRequest: () => ({ headers: { authorization } }) }) }) as ExecutionContext;

  it('lets the bearer of the configured key through, whatever the case of "Bearer"', () => {
    expect(guard({ METRICS_TOKEN: key }).canActivate(calling(`Bearer ${key}`))).toBe(true);
    expect(guard({ METRICS_TOKEN: key }).canActivate(calling(`bearer ${key}`))).toBe(true);
  });

  it('refuses a missing, different, longer, shorter or unprefixed key with 401', () => {
    const refused = [
      undefined,
      '',
      'Bearer',
      `Bearer ${key}0`,
      `Bearer ${key.slice(1)}`,
      key,
      `Basic ${key}`,
    ];
    for (const authorization of refused) {
      expect(() => guard({ METRICS_TOKEN: key }).canActivate(calling(authorization))).toThrow(
        UnauthorizedException,
      );
    }
  });

  it('answers 404 while the setting is unset, so the routes do not exist', () => {
    expect(() => guard({}).canActivate(calling(`Bearer ${key}`))).toThrow(NotFoundException);
    expect(() => guard({ ADMIN_API_KEY: key }).canActivate(calling(`Bearer ${key}`))).toThrow(
      NotFoundException,
    );
  });
});
