import { useEffect, useRef, type ReactNode } from 'react';

const LAYER_CLASS = 'toast-layer';

/**
 * Toasts must stay readable over an open modal, but a native modal dialog sits in the browser's top
 * layer, above any z-index. So the toasts live in a manual popover, which is in the top layer too;
 * each dialog that opens raises the popover again, since the last one shown is drawn on top.
 */
export function ToastLayer({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const layer = ref.current;
    if (!layer?.showPopover) return undefined;
    layer.showPopover();
    return () => layer.hidePopover();
  }, []);
  return (
    <div ref={ref} popover="manual" className={LAYER_CLASS}>
      {children}
    </div>
  );
}

/** Called after a modal opens: puts the toasts back above it. */
export function raiseToastLayer(): void {
  const layer = document.querySelector<HTMLElement>(`.${LAYER_CLASS}`);
  if (!layer?.showPopover || !layer.matches(':popover-open')) return;
  layer.hidePopover();
  layer.showPopover();
}
