// What the feature UI needs from the app around it: where calls go, the config (SPEC §3 App
// configuration: timeZone, timeFormat, featuresPropertiesWindow, attachment switches), the role.
import { createContext, useContext } from 'react';
import type { AppConfig } from '../model/index.ts';
import type { ApiCtx } from '../api/suggestions.ts';

export interface FeatureUi {
  api: ApiCtx;
  config: AppConfig;
  /** SPEC §6: an admin (user type 'admin'). */
  admin: boolean;
  loggedIn: boolean;
  timeZone?: string;
  timeFormat?: string;
}

export const FeatureUiContext = createContext<FeatureUi | null>(null);

export function useFeatureUi(): FeatureUi {
  const ui = useContext(FeatureUiContext);
  if (!ui) throw new Error('useFeatureUi outside FeatureUiContext (mount FeatureLayer)');
  return ui;
}
