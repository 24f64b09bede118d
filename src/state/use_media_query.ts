// Phone vs desktop layout (usable at 360 px and on a desktop).
import { useSyncExternalStore } from 'react';

export const DESKTOP_QUERY = '(min-width: 900px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', cb);
      return () => mql.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
  );
}

/** A phone held upright: prompts become bottom sheets, toasts shrink (issue 19). */
export const PHONE_QUERY = '(max-width: 599px)';

/** A finger, or a window as narrow as a phone: controls are 44 px touch targets (issue 19). */
export const TOUCH_QUERY = '(pointer: coarse), (max-width: 599px)';
