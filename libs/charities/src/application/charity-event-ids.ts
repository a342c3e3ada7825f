import { idNamespace } from '@arena/event-store';

/** Charities' ids from causes, under the namespace their stored events were always derived with. */
export const { derivedEventIds } = idNamespace('charity-arena:charities');
