/**
 * For the web's specs that run in Node: a `window` with a Map-backed localStorage and its events, as the
 * API client and the session read them. Installs it once (call it at a spec's top level) and answers the
 * Map, which each spec clears and fills itself.
 */
export function installBrowserWindow(): Map<string, string> {
  const storage = new Map<string, string>();
  beforeAll(() => {
    const window = new EventTarget() as EventTarget & {
      localStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
    };
    window.localStorage = {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    };
    Object.assign(globalThis, { window });
  });
  return storage;
}
