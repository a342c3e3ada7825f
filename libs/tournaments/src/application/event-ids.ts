import { idNamespace } from '@arena/event-store';

/**
 * Tournaments' ids from causes (a job run, the seed), under the namespace their stored events were
 * always derived with. A member's command takes `randomEventIds` from the kit: its identity is what
 * lets a hot stream group such commands in one append.
 */
export const { derivedEventIds, uuid: tournamentsUuid } = idNamespace('charity-arena:tournaments');
