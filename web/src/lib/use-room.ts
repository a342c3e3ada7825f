import { useEffect } from 'react';
import type { RoomListener } from './socket';

/**
 * Keeps a room joined while the component is mounted; `listener` should keep its identity (useMemo).
 * The socket client (socket.io and the message schemas, lib/socket.ts) loads with the first room, in its
 * own chunk: a page draws before it, and no page without live data carries it (issue 23's performance item).
 */
export function useRoom(room: string | undefined, listener: RoomListener): void {
  useEffect(() => {
    if (!room) return undefined;
    let leave: (() => void) | undefined;
    let unmounted = false;
    void import('./socket').then(({ joinRoom }) => {
      if (!unmounted) leave = joinRoom(room, listener);
    });
    return () => {
      unmounted = true;
      leave?.();
    };
  }, [room, listener]);
}
