// Issue 19: a drawer or dialog opened from a control gives the focus back to that control when it
// closes, so a keyboard or screen-reader user continues where they were. Fluent's dialogs do this
// for their own triggers; drawers and dialogs opened through a store use this.
import { useEffect, useRef } from 'react';

export function useReturnFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const target = opener.current;
    opener.current = null;
    // After the surface has left: its own focus handling runs first, and may leave the focus on the
    // page's body a little later, so the opener is focused again then if nothing else took it.
    if (!target?.isConnected) return;
    const refocus = () => {
      const now = document.activeElement;
      if (target.isConnected && (!now || now === document.body || !now.isConnected)) target.focus();
    };
    requestAnimationFrame(() => target.focus());
    setTimeout(refocus, 150);
  }, [open]);
}
