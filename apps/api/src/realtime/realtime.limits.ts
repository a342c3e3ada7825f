/** What one socket.io connection may do; past these a flood costs its sender, not the API. */

/** Events a connection may send per window; one more and it is disconnected. */
export const SOCKET_EVENTS_PER_WINDOW = 30;
export const SOCKET_EVENT_WINDOW_MS = 10_000;

/** Rooms one connection may be in at once (its own private room not counted). */
export const MAX_ROOMS_PER_CONNECTION = 20;

/** Largest message a client may send: room names are short. */
export const MAX_SOCKET_MESSAGE_BYTES = 4 * 1024;
