// Issue 19: a drawer, dialog, sheet or menu opened from a control gives the focus back to that
// control when it closes (or unmounts), so a keyboard or screen-reader user continues where they
// were. When that control has gone with its own surface (an entry of the settings drawer, which
// closes as the dialog opens), the focus goes to the latest earlier opener still on the page (the
// drawer's toggle), as Tabster's restorer history does.
import { useLayoutEffect, useRef } from 'react';

/** Openers, oldest first, kept while they are on the page. */
const openers: HTMLElement[] = [];
const MAX_OPENERS = 12;

function focusedControl(): HTMLElement | null {
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body && el.isConnected ? el : null;
}

function remember(el: HTMLElement): void {
  const at = openers.indexOf(el);
  if (at >= 0) openers.splice(at, 1);
  openers.push(el);
  if (openers.length > MAX_OPENERS) openers.shift();
}

/**
 * Moves the focus to the opener (or the latest earlier one on the page) while it is stranded: on the
 * body, on a removed element, or still where it was as the surface closed (a Fluent dialog keeps its
 * content through its exit motion). Focus that has gone elsewhere (a surface opened in its place) stays.
 */
function giveBack(opener: HTMLElement | null): void {
  const leaving = focusedControl();
  const attempt = () => {
    const now = focusedControl();
    if (now && now !== leaving) return;
    const target = [opener, ...openers.slice().reverse()].find((el) => el?.isConnected);
    target?.focus();
  };
  requestAnimationFrame(attempt);
  for (const ms of [150, 400]) setTimeout(attempt, ms);
}

export function useReturnFocus(open: boolean): void {
  // Noted while rendering the opening: by the time any effect runs, a dialog that focuses its first
  // field (Fluent does so in its own layout effect, before ours) has already taken the focus.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) opener.current = focusedControl();
  wasOpen.current = open;
  useLayoutEffect(() => {
    if (!open) return;
    const from = opener.current;
    if (from) remember(from);
    return () => giveBack(from);
  }, [open]);
}
