export { configSchema, type AppConfig } from './config.schema';
export { loadConfig, ConfigError } from './load-config';
export { ConfigModule, APP_CONFIG } from './config.module';
export { devToolsEnabled, localHostedPagesEnabled } from './dev-tools';
