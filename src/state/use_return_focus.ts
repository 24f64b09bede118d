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
 * Bumped by every opening and every closing: a closing's pending attempts belong to the latest event
 * only. Without it, a drawer's late attempt (its exit motion outlasts the keyboard) could take the
 * focus from a surface opened after it, or from the control that opened that surface.
 */
let focusEvents = 0;

/**
 * Moves the focus to the opener (or the latest earlier one on the page) while it is stranded: on the
 * body, on a removed element, or still where it was as the surface closed (a Fluent dialog keeps its
 * content through its exit motion, and a modal's siblings may refuse focus until it ends: hence a few
 * attempts). The attempts stop once one succeeds, once the focus has gone elsewhere (a surface opened
 * in its place, or the user moved on), or once another surface opens or closes.
 */
function giveBack(opener: HTMLElement | null): void {
  const leaving = focusedControl();
  const event = ++focusEvents;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const t of timers) clearTimeout(t);
  };
  const attempt = () => {
    const now = focusedControl();
    if (event !== focusEvents || (now && now !== leaving)) return stop();
    const target = [opener, ...openers.slice().reverse()].find((el) => el?.isConnected);
    target?.focus();
    if (target && document.activeElement === target) stop();
  };
  frame = requestAnimationFrame(attempt);
  for (const ms of [150, 400]) timers.push(setTimeout(attempt, ms));
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
    focusEvents++;
    if (from) remember(from);
    return () => giveBack(from);
  }, [open]);
}
