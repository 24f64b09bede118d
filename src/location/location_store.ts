// SPEC §4 geolocation: the state (notFixed, loading, prompt, granted, temporary_blocked, blocked),
// the last position and whether the position layer is shown. The location service writes it; the
// Location button and the position overlay read it.
import { create } from 'zustand';
import type { GeolocationState } from '../model/index.ts';
import type { UserPosition } from './location_rules.ts';

export interface LocationState {
  geoState: GeolocationState;
  position: UserPosition | null;
  /** The position layer is shown (and the position watched). */
  visible: boolean;
  /** An earlier attempt ended in a location error (SPEC §4: a later one starts temporary_blocked). */
  hadError: boolean;
  setGeoState: (geoState: GeolocationState) => void;
  setPosition: (position: UserPosition) => void;
  setVisible: (visible: boolean) => void;
  /** A location error: blocked, hidden, remembered for the next attempt. */
  fail: () => void;
  /** SPEC §4 Location button: hiding the layer clears the location. */
  clear: () => void;
}

export const useUserLocation = create<LocationState>((set) => ({
  geoState: 'notFixed',
  position: null,
  visible: false,
  hadError: false,
  setGeoState: (geoState) => set({ geoState }),
  setPosition: (position) => set({ position, geoState: 'granted' }),
  setVisible: (visible) => set({ visible }),
  fail: () => set({ geoState: 'blocked', visible: false, position: null, hadError: true }),
  clear: () => set({ visible: false, position: null }),
}));
