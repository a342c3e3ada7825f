import type { AppConfig } from './config.schema';

/**
 * The developer pages (`/dev/ui`, `/dev/mailbox` and `/api/dev/…`) exist only where NODE_ENV says
 * development or test: the mailbox shows every sign-in code, so a production process must never
 * serve it, and naming the safe modes keeps it so should NODE_ENV ever take another value.
 */
export function devToolsEnabled(config: Pick<AppConfig, 'NODE_ENV'>): boolean {
  return config.NODE_ENV === 'development' || config.NODE_ENV === 'test';
}
