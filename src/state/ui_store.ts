// Shell UI state (DESIGN.md: zustand for UI state): drawers, dialogs, admin mode, about page.
import { create } from 'zustand';
import type { AuthTab, SettingsTab } from './query_rules.ts';

/** SPEC §2 left drawer status: which of its tabs shows; 'default' = the configured default tab. */
export type DrawerStatus = 'default' | string;

export interface UiState {
  leftOpen: boolean;
  rightOpen: boolean;
  leftStatus: DrawerStatus;
  rightStatus: DrawerStatus;
  settingsDrawerOpen: boolean;
  aboutOpen: boolean;
  authTab: AuthTab | null;
  settingsTab: SettingsTab | null;
  adminMode: boolean;
  setLeftOpen: (open: boolean) => void;
  setRightOpen: (open: boolean) => void;
  setLeftStatus: (status: DrawerStatus) => void;
  setRightStatus: (status: DrawerStatus) => void;
  setSettingsDrawerOpen: (open: boolean) => void;
  setAboutOpen: (open: boolean) => void;
  openAuth: (tab: AuthTab | null) => void;
  openSettings: (tab: SettingsTab | null) => void;
  setAdminMode: (on: boolean) => void;
  /** SPEC §2: opening the overview closes both drawers and resets the left drawer status. */
  enterOverview: () => void;
}

export const useUiStore = create<UiState>((set) => ({
  leftOpen: false,
  rightOpen: false,
  leftStatus: 'default',
  rightStatus: 'default',
  settingsDrawerOpen: false,
  aboutOpen: false,
  authTab: null,
  settingsTab: null,
  adminMode: false,
  setLeftOpen: (leftOpen) => set({ leftOpen }),
  setRightOpen: (rightOpen) => set({ rightOpen }),
  setLeftStatus: (leftStatus) => set({ leftStatus }),
  setRightStatus: (rightStatus) => set({ rightStatus }),
  setSettingsDrawerOpen: (settingsDrawerOpen) => set({ settingsDrawerOpen }),
  setAboutOpen: (aboutOpen) => set({ aboutOpen }),
  openAuth: (authTab) => set({ authTab, settingsDrawerOpen: false }),
  openSettings: (settingsTab) => set({ settingsTab, settingsDrawerOpen: false }),
  setAdminMode: (adminMode) => set({ adminMode }),
  enterOverview: () => set({ leftOpen: false, rightOpen: false, leftStatus: 'default', settingsDrawerOpen: false }),
}));
