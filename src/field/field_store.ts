// Field tools' UI state: whether the geolocation options prompt (SPEC §2) is open.
import { create } from 'zustand';

export const useFieldTools = create<{ optionsOpen: boolean }>(() => ({ optionsOpen: false }));

export const openLocationOptions = (): void => useFieldTools.setState({ optionsOpen: true });
