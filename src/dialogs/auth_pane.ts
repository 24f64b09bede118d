// What each tab of the authentication dialog receives (SPEC §2 authentication prompt). Its own module
// so the tabs need not import the dialog that imports them.
import type { AppConfig } from '../model/index.ts';

export interface AuthPaneProps {
  config: AppConfig;
  appKey: string;
  onDone: () => void;
}
