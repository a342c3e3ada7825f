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

  it('reads TRUST_PROXY as false, a hop count, or proxy addresses/CIDRs, and refuses true naming both forms', () => {
    expect(loadConfig(valid).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...valid, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...valid, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...valid, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...valid, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ ...valid, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY.*number of proxies.*CIDR/s,
    );
    expect(() => loadConfig({ ...valid, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...valid, TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('requires a connection string when EventStoreDB is selected', () => {
    expect(() => loadConfig({ ...valid, EVENT_STORE: 'eventstoredb' })).toThrow(
      /EVENTSTORE_CONNECTION_STRING/,
    );
  });
});

/** Everything production requires (docs/security.md, "Production refuses to start"). */
const production = {
  ...valid,
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_arena000',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_arena000',
  STRIPE_WEBHOOK_SECRET: `whsec_${'a'.repeat(32)}`,
  STRIPE_CONNECT_WEBHOOK_SECRET: `whsec_${'c'.repeat(32)}`,
  SMTP_URL: 'smtps://user:pass@smtp.example.org:465',
  SMS_PROVIDER_URL: 'https://sms.example.org/v1/messages',
  SMS_PROVIDER_API_KEY: 'sms-key',
  LEDGER_SIGNING_KEY: 'e'.repeat(64),
  METRICS_TOKEN: 'm'.repeat(24),
};

describe('loadConfig in production', () => {
  it('refuses the local development secret from .env.example', () => {
    expect(() =>
      loadConfig({
        ...valid,
        NODE_ENV: 'production',
        JWT_ACCESS_SECRET: 'local-development-access-secret-change-me',
      }),
    ).toThrow(/JWT_ACCESS_SECRET/);
    expect(loadConfig(production).NODE_ENV).toBe('production');
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
      loadConfig({ ...production, STRIPE_CONNECT_WEBHOOK_SECRET: connect }).STRIPE_CONNECT_WEBHOOK_SECRET,
    ).toBe(connect);
    expect(loadConfig({ ...stripe, NODE_ENV: 'development' }).STRIPE_CONNECT_WEBHOOK_SECRET).toBeUndefined();
    expect(
      loadConfig({
        ...production,
        TEST_MODE_DEPLOYMENT: 'true',
        STRIPE_SECRET_KEY: undefined,
        STRIPE_WEBHOOK_SECRET: undefined,
        STRIPE_CONNECT_WEBHOOK_SECRET: undefined,
      }).STRIPE_CONNECT_WEBHOOK_SECRET,
    ).toBeUndefined();
    expect(() => loadConfig({ ...valid, STRIPE_CONNECT_WEBHOOK_SECRET: 'nope' })).toThrow(
      /STRIPE_CONNECT_WEBHOOK_SECRET/,
    );
  });

  it('points the Stripe client at STRIPE_API_URL outside production only, and refuses a non-HTTP one', () => {
    expect(loadConfig({ ...valid, STRIPE_API_URL: 'http://127.0.0.1:12111' }).STRIPE_API_URL).toBe(
      'http://127.0.0.1:12111',
    );
    expect(() => loadConfig({ ...valid, STRIPE_API_URL: 'ftp://127.0.0.1:12111' })).toThrow(/STRIPE_API_URL/);
    expect(() => loadConfig({ ...production, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(
      /STRIPE_API_URL: must not be set in production/,
    );
  });

  describe('refuses to start, naming the variable and what to do', () => {
    const without = (name: keyof typeof production) => () => loadConfig({ ...production, [name]: undefined });

    it('without STRIPE_SECRET_KEY (the local test driver would take test-card money into the ledger)', () => {
      expect(without('STRIPE_SECRET_KEY')).toThrow(
        /STRIPE_SECRET_KEY: is required in production .*local test driver.*TEST_MODE_DEPLOYMENT=true/,
      );
    });

    it('without STRIPE_PUBLISHABLE_KEY', () => {
      expect(without('STRIPE_PUBLISHABLE_KEY')).toThrow(/STRIPE_PUBLISHABLE_KEY: is required in production/);
    });

    it('without STRIPE_WEBHOOK_SECRET, even with no Stripe key', () => {
      expect(without('STRIPE_WEBHOOK_SECRET')).toThrow(/STRIPE_WEBHOOK_SECRET: is required/);
      expect(() =>
        loadConfig({ ...production, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }),
      ).toThrow(/STRIPE_WEBHOOK_SECRET: is required in production/);
    });

    it('without STRIPE_CONNECT_WEBHOOK_SECRET, even with no Stripe key', () => {
      expect(without('STRIPE_CONNECT_WEBHOOK_SECRET')).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET: is required/);
      expect(() =>
        loadConfig({ ...production, STRIPE_SECRET_KEY: undefined, STRIPE_CONNECT_WEBHOOK_SECRET: undefined }),
      ).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET: is required in production/);
    });

    it('without SMTP_URL (sign-in codes would reach nobody)', () => {
      expect(without('SMTP_URL')).toThrow(/SMTP_URL: is required in production .*reach nobody.*smtp:\/\//);
    });

    it('without SMS_PROVIDER_URL or SMS_PROVIDER_API_KEY', () => {
      expect(without('SMS_PROVIDER_URL')).toThrow(/SMS_PROVIDER_URL: is required in production/);
      expect(without('SMS_PROVIDER_API_KEY')).toThrow(/SMS_PROVIDER_API_KEY: is required in production/);
    });

    it('without LEDGER_SIGNING_KEY (it would be derived from the JWT secret)', () => {
      expect(without('LEDGER_SIGNING_KEY')).toThrow(
        /LEDGER_SIGNING_KEY: is required in production .*derived from JWT_ACCESS_SECRET/,
      );
    });

    it('without METRICS_TOKEN', () => {
      expect(without('METRICS_TOKEN')).toThrow(/METRICS_TOKEN: is required in production/);
    });

    it('with a live Stripe key and TEST_MODE_DEPLOYMENT=true, which contradict each other', () => {
      expect(() => loadConfig({ ...production, TEST_MODE_DEPLOYMENT: 'true' })).toThrow(
        /STRIPE_SECRET_KEY: is a live key while TEST_MODE_DEPLOYMENT=true/,
      );
      expect(() =>
        loadConfig({ ...production, TEST_MODE_DEPLOYMENT: 'true', STRIPE_SECRET_KEY: 'rk_live_arena000' }),
      ).toThrow(/STRIPE_SECRET_KEY: is a live key/);
    });
  });

  it('runs the local driver only with TEST_MODE_DEPLOYMENT=true, which waives no other refusal', () => {
    const demo = {
      ...production,
      TEST_MODE_DEPLOYMENT: 'true',
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_CONNECT_WEBHOOK_SECRET: undefined,
    };
    const config = loadConfig(demo);
    expect(config.TEST_MODE_DEPLOYMENT).toBe(true);
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    // The opt-in means the local driver: a Stripe test key runs Stripe's test mode, which needs none.
    expect(() => loadConfig({ ...demo, STRIPE_SECRET_KEY: 'sk_test_arena000' })).toThrow(
      /STRIPE_SECRET_KEY: is set while TEST_MODE_DEPLOYMENT=true, which runs the local payment driver/,
    );
    expect(loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_test_arena000' }).STRIPE_SECRET_KEY).toBe(
      'sk_test_arena000',
    );
    expect(() => loadConfig({ ...demo, SMTP_URL: undefined })).toThrow(/SMTP_URL: is required in production/);
    expect(() => loadConfig({ ...demo, LEDGER_SIGNING_KEY: undefined })).toThrow(/LEDGER_SIGNING_KEY/);
    expect(() => loadConfig({ ...demo, METRICS_TOKEN: undefined })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig(valid).TEST_MODE_DEPLOYMENT).toBe(false);
  });
});
