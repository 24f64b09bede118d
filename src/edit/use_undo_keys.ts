// Ctrl/Cmd+Z undoes the last change to the draft, Ctrl/Cmd+Shift+Z and Ctrl+Y redo it, while the
// draft panel is open. Inside a text field the keys stay the field's own (its typing is not yet
// part of the draft: the form applies it on submit).
import { useEffect } from 'react';

/** True for the elements whose own undo the keys belong to. */
export function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Which history step a key press asks for, if any. */
export function undoKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}

export function useUndoKeys(active: boolean, step: { undo: () => boolean; redo: () => boolean }) {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      const which = undoKey(e);
      if (!which || isTextTarget(e.target)) return;
      e.preventDefault();
      step[which]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, step]);
}
