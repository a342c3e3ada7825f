import { Toaster } from 'react-hot-toast';
import { ToastLayer } from '../../ui';
import { toastOptions } from './toast-options';

/** react-hot-toast itself keeps at most 20 toasts and removes a dismissed one after 1000 ms. */
export function AppToaster() {
  return (
    <ToastLayer>
      <Toaster
        position="top-right"
        gutter={10}
        containerStyle={{ top: 'calc(var(--header-height) + 0.75rem)' }}
        toastOptions={toastOptions}
      />
    </ToastLayer>
  );
}
