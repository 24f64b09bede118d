// The map's context menu (SPEC §4/§9 long press, or a right click): a list of items that features
// add themselves to, so routing's "route from here" / "route to here" is one more
// registerMapMenuItem call, not an edit of the menu. The menu shows the items whose `visible` says
// yes, in `order`.
import type { ReactElement } from 'react';
import { create } from 'zustand';
import type { AppConfig } from '../model/index.ts';
import type { ApiCtx } from '../api/suggestions.ts';

/** Where the menu was opened and what an item may need to act there. */
export interface MapMenuContext {
  /** The pressed point, EPSG:4326. */
  lonLat: [number, number];
  /** The same point in the view's projection (EPSG:3857). */
  coordinate: [number, number];
  config: AppConfig;
  api: ApiCtx;
  loggedIn: boolean;
  admin: boolean;
}

export interface MapMenuItem {
  /** Unique; also the test hook `map-menu-<id>`. */
  id: string;
  /** i18n key of the label. */
  labelKey: string;
  icon?: ReactElement;
  /** Lower first. The built-in items use 10 (new point), 50 (copy coordinates), 90 (location options). */
  order: number;
  visible?: (ctx: MapMenuContext) => boolean;
  /** Runs after the menu has closed. */
  run: (ctx: MapMenuContext) => void | Promise<void>;
}

interface MapMenuState {
  items: MapMenuItem[];
  /** Open at this pixel of the map container, with this context; null when closed. */
  open: { pixel: [number, number]; context: MapMenuContext } | null;
}

export const useMapMenu = create<MapMenuState>(() => ({ items: [], open: null }));

/** Adds an item (replacing one with the same id); returns its removal. */
export function registerMapMenuItem(item: MapMenuItem): () => void {
  useMapMenu.setState((s) => ({ items: [...s.items.filter((i) => i.id !== item.id), item].sort((a, b) => a.order - b.order) }));
  return () => useMapMenu.setState((s) => ({ items: s.items.filter((i) => i !== item) }));
}

export function closeMapMenu(): void {
  if (useMapMenu.getState().open) useMapMenu.setState({ open: null });
}
