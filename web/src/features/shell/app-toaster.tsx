import { Toaster } from 'react-hot-toast';
import { ToastLayer } from '../../ui';

/**
 * Spec durations: 4000 ms for blank, error and custom toasts, 2000 ms for success, loading until
 * dismissed. react-hot-toast itself keeps at most 20 toasts and removes a dismissed one after 1000 ms.
 */
export function AppToaster() {
  return (
    <ToastLayer>
      <Toaster
        position="top-right"
        gutter={10}
        containerStyle={{ top: 'calc(var(--header-height) + 0.75rem)' }}
        toastOptions={{
          duration: 4000,
          removeDelay: 1000,
          className: 'toast',
          success: { duration: 2000, iconTheme: { primary: '#0b6b3a', secondary: '#ffffff' } },
          error: { duration: 4000, iconTheme: { primary: '#b42318', secondary: '#ffffff' } },
          loading: { duration: Number.POSITIVE_INFINITY },
        }}
      />
    </ToastLayer>
  );
}
