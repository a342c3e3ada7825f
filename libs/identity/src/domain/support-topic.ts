import type { SUPPORT_TOPICS } from '@arena/contracts';

export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
