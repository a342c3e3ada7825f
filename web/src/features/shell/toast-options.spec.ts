import { TOAST_DURATION_MS, toastOptions } from './toast-options';

describe('toasts', () => {
  it('last the app-wide 4,000 ms for every kind, success included; loading stays until dismissed', () => {
    expect(TOAST_DURATION_MS).toBe(4000);
    for (const kind of ['success', 'error', 'blank', 'custom'] as const) {
      expect({ kind, duration: toastOptions[kind]?.duration ?? toastOptions.duration }).toEqual({
        kind,
        duration: 4000,
      });
    }
    expect(toastOptions.loading?.duration).toBe(Number.POSITIVE_INFINITY);
  });
});
