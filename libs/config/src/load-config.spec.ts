import { loadConfig } from './load-config';

const valid = {
  DATABASE_URL: 'postgres://127.0.0.1:5432/arena',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_ACCESS_SECRET: 'x'.repeat(32),
};

describe('loadConfig', () => {
  it('applies safe defaults to a minimal valid environment', () => {
    const config = loadConfig(valid);
    expect(config.PORT).toBe(3000);
    expect(config.EVENT_STORE).toBe('postgres');
  });

  it('names a missing variable', () => {
    expect(() => loadConfig({ ...valid, DATABASE_URL: undefined })).toThrow(/DATABASE_URL/);
  });

  it('names a malformed variable', () => {
    expect(() => loadConfig({ ...valid, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...valid, REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });

  it('sends the Charity Navigator key to the current host in Authorization unless told otherwise', () => {
    const config = loadConfig(valid);
    expect(config.CHARITY_NAVIGATOR_URL).toBe('https://api.charitynavigator.org/graphql');
    expect(config.CHARITY_NAVIGATOR_API_KEY_HEADER).toBe('Authorization');
    expect(config.CHARITY_NAVIGATOR_API_KEY_SCHEME).toBeUndefined();
    expect(
      loadConfig({ ...valid, CHARITY_NAVIGATOR_API_KEY_HEADER: '' }).CHARITY_NAVIGATOR_API_KEY_HEADER,
    ).toBe('Authorization');
    const custom = loadConfig({
      ...valid,
      CHARITY_NAVIGATOR_API_KEY_HEADER: 'Stellate-Api-Token',
      CHARITY_NAVIGATOR_API_KEY_SCHEME: 'Bearer',
    });
    expect(custom.CHARITY_NAVIGATOR_API_KEY_HEADER).toBe('Stellate-Api-Token');
    expect(custom.CHARITY_NAVIGATOR_API_KEY_SCHEME).toBe('Bearer');
    expect(() => loadConfig({ ...valid, CHARITY_NAVIGATOR_API_KEY_HEADER: 'Bad: header' })).toThrow(
      /CHARITY_NAVIGATOR_API_KEY_HEADER/,
    );
    expect(() => loadConfig({ ...valid, CHARITY_NAVIGATOR_API_KEY_SCHEME: 'Bearer x' })).toThrow(
      /CHARITY_NAVIGATOR_API_KEY_SCHEME/,
    );
  });

  it('requires a connection string when EventStoreDB is selected', () => {
    expect(() => loadConfig({ ...valid, EVENT_STORE: 'eventstoredb' })).toThrow(
      /EVENTSTORE_CONNECTION_STRING/,
    );
  });
});

describe('loadConfig in production', () => {
  it('refuses the local development secret from .env.example', () => {
    expect(() =>
      loadConfig({
        ...valid,
        NODE_ENV: 'production',
        JWT_ACCESS_SECRET: 'local-development-access-secret-change-me',
      }),
    ).toThrow(/JWT_ACCESS_SECRET/);
    expect(loadConfig({ ...valid, NODE_ENV: 'production' }).NODE_ENV).toBe('production');
  });

  it('requires the Connect webhook secret with a Stripe key, naming it; development may leave it unset', () => {
    const stripe = {
      ...valid,
      STRIPE_SECRET_KEY: 'sk_test_arena000',
      STRIPE_WEBHOOK_SECRET: `whsec_${'a'.repeat(32)}`,
    };
    expect(() => loadConfig({ ...stripe, NODE_ENV: 'production' })).toThrow(
      /STRIPE_CONNECT_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY in production/,
    );
    const connect = `whsec_${'c'.repeat(32)}`;
    expect(
      loadConfig({ ...stripe, NODE_ENV: 'production', STRIPE_CONNECT_WEBHOOK_SECRET: connect })
        .STRIPE_CONNECT_WEBHOOK_SECRET,
    ).toBe(connect);
    expect(loadConfig({ ...stripe, NODE_ENV: 'development' }).STRIPE_CONNECT_WEBHOOK_SECRET).toBeUndefined();
    expect(loadConfig({ ...valid, NODE_ENV: 'production' }).STRIPE_CONNECT_WEBHOOK_SECRET).toBeUndefined();
    expect(() => loadConfig({ ...valid, STRIPE_CONNECT_WEBHOOK_SECRET: 'nope' })).toThrow(
      /STRIPE_CONNECT_WEBHOOK_SECRET/,
    );
  });

  it('points the Stripe client at STRIPE_API_URL outside production only, and refuses a non-HTTP one', () => {
    expect(loadConfig({ ...valid, STRIPE_API_URL: 'http://127.0.0.1:12111' }).STRIPE_API_URL).toBe(
      'http://127.0.0.1:12111',
    );
    expect(() => loadConfig({ ...valid, STRIPE_API_URL: 'ftp://127.0.0.1:12111' })).toThrow(/STRIPE_API_URL/);
    expect(() =>
      loadConfig({ ...valid, NODE_ENV: 'production', STRIPE_API_URL: 'http://127.0.0.1:12111' }),
    ).toThrow(/STRIPE_API_URL: must not be set in production/);
  });
});
