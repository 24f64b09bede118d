// Issue 19: on a phone nothing floats over an open bottom sheet. The map's own tools that would (the
// edit toolbar) dock at the foot of the sheet instead, below its scrolling content, in the place each
// open sheet offers here (the latest opened first).
import { useEffect, type RefObject } from 'react';
import { create } from 'zustand';

export const useSheetFooters = create<{ slots: readonly HTMLElement[] }>(() => ({ slots: [] }));

/** The foot of the latest open sheet, or null when no sheet is open. */
export const useSheetFooter = () => useSheetFooters((s) => s.slots.at(-1) ?? null);

/** Offers `slot` as a sheet's foot while `enabled` (the sheet is shown as one). */
export function useOfferSheetFooter(slot: RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    const el = slot.current;
    if (!enabled || !el) return;
    useSheetFooters.setState((s) => ({ slots: [...s.slots, el] }));
    return () => useSheetFooters.setState((s) => ({ slots: s.slots.filter((x) => x !== el) }));
  }, [slot, enabled]);
}
