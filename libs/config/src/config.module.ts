import { Global, Module } from '@nestjs/common';
import { loadConfig } from './load-config';
import type { AppConfig } from './config.schema';

export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig = loadConfig()) {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
