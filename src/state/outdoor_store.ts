// SPEC §4 outdoor mode, on or off, with a notification on each change (SPEC §8 success texts
// "outdoor mode on or off"). On: a high-contrast theme with larger text and touch targets
// (src/config/theme.ts, Shell's data-outdoor), and attachments and images wait for the user's tap
// (SPEC §2 feature prompt: "in outdoor mode a button to load attachments"). Kept per browser.
import { create } from 'zustand';
import { notifySuccess } from './notifications.ts';

const KEY = 'mapdraft.outdoor';

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export const useOutdoor = create<{ on: boolean }>(() => ({ on: stored() }));

export function setOutdoor(on: boolean): void {
  if (useOutdoor.getState().on === on) return;
  useOutdoor.setState({ on });
  try {
    globalThis.localStorage?.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the mode lasts for this visit.
  }
  notifySuccess(on ? 'OUTDOOR_MODE_ON' : 'OUTDOOR_MODE_OFF');
}
