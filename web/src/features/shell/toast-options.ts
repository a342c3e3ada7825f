import type { DefaultToastOptions } from 'react-hot-toast';

/** The spec's app-wide toast duration: every kind stays 4,000 ms, loading until dismissed. */
export const TOAST_DURATION_MS = 4000;

export const toastOptions: DefaultToastOptions = {
  duration: TOAST_DURATION_MS,
  removeDelay: 1000,
  className: 'toast',
  success: { duration: TOAST_DURATION_MS, iconTheme: { primary: '#0b6b3a', secondary: '#ffffff' } },
  error: { duration: TOAST_DURATION_MS, iconTheme: { primary: '#b42318', secondary: '#ffffff' } },
  loading: { duration: Number.POSITIVE_INFINITY },
};
