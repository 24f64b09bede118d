// The map's context menu, opened by a long press (SPEC §4/§9: 600 ms, cancelled beyond 20 px) or a
// right click, at the pressed point. Its items come from map_menu.ts. Test hook:
// data-testid="map-context-menu" with one `map-menu-<id>` button per item.
import { useEffect, useRef } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { toLonLat } from 'ol/proj.js';
import type OlMap from 'ol/Map.js';
import { closeMapMenu, useMapMenu, type MapMenuContext } from './map_menu.ts';
import { LongPress, type Pixel } from './long_press.ts';
import { useReturnFocus } from '../state/use_return_focus.ts';

const MENU_WIDTH = 230;

const useStyles = makeStyles({
  menu: {
    position: 'absolute',
    zIndex: 30,
    width: `${MENU_WIDTH}px`,
    display: 'flex',
    flexDirection: 'column',
    padding: tokens.spacingVerticalXS,
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
  },
  item: { justifyContent: 'flex-start', minHeight: '44px', width: '100%' },
});

/** What the menu's items get besides the point: the app and the user. */
export type MapMenuBase = Omit<MapMenuContext, 'lonLat' | 'coordinate'>;

function useOpenOnLongPress(map: OlMap | undefined, base: MapMenuBase): void {
  const baseRef = useRef(base);
  baseRef.current = base;
  useEffect(() => {
    if (!map) return;
    const viewport = map.getViewport();
    if (!viewport) return;
    const open = (pixel: Pixel) => {
      const coordinate = map.getCoordinateFromPixel(pixel) as [number, number] | null;
      if (!coordinate) return;
      const lonLat = toLonLat(coordinate) as [number, number];
      useMapMenu.setState({ open: { pixel, context: { ...baseRef.current, lonLat, coordinate } } });
    };
    const pixelOf = (at: { clientX: number; clientY: number }) => map.getEventPixel(at) as Pixel;
    // The press is followed in the page's coordinates: the map's pixel reads the layout, which a
    // drag's every move would pay for (issue 17: a pan at 4× CPU); it is read once a press is taken.
    const press = new LongPress(([clientX, clientY]) => open(pixelOf({ clientX, clientY })));
    const pagePoint = (e: PointerEvent): Pixel => [e.clientX, e.clientY];
    // Captured: the map's own handlers below the viewport may stop a drag's events from bubbling.
    // A finger's or pen's context menu is the long press (so a drag beyond 20 px cancels it on
    // every browser); the browser's own, which fires on a touch hold too, is only taken from a mouse.
    let lastPointer = 'mouse';
    const down = (e: PointerEvent) => {
      lastPointer = e.pointerType;
      press.down(e.pointerId, pagePoint(e), e.timeStamp);
    };
    const move = (e: PointerEvent) => press.move(e.pointerId, pagePoint(e), e.timeStamp);
    const up = (e: PointerEvent) => press.up(e.pointerId);
    const contextMenu = (e: MouseEvent) => {
      e.preventDefault();
      if (lastPointer !== 'mouse') return;
      press.cancel();
      open(pixelOf(e));
    };
    // From the keyboard (issue 19): the context-menu key or Shift+F10 on the focused map opens
    // the menu at the map's centre.
    const target = map.getTargetElement();
    const key = (e: KeyboardEvent) => {
      if (e.target !== target || !(e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey))) return;
      e.preventDefault();
      const [width, height] = map.getSize() ?? [0, 0];
      open([width / 2, height / 2]);
    };
    target?.addEventListener('keydown', key);
    viewport.addEventListener('pointerdown', down, true);
    viewport.addEventListener('pointermove', move, true);
    viewport.addEventListener('pointerup', up, true);
    viewport.addEventListener('pointercancel', up, true);
    viewport.addEventListener('contextmenu', contextMenu);
    return () => {
      press.cancel();
      viewport.removeEventListener('pointerdown', down, true);
      viewport.removeEventListener('pointermove', move, true);
      viewport.removeEventListener('pointerup', up, true);
      viewport.removeEventListener('pointercancel', up, true);
      viewport.removeEventListener('contextmenu', contextMenu);
      target?.removeEventListener('keydown', key);
    };
  }, [map]);
}

export function MapContextMenu({ map, base }: { map: OlMap | undefined; base: MapMenuBase }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const open = useMapMenu((s) => s.open);
  const items = useMapMenu((s) => s.items);
  const menu = useRef<HTMLDivElement>(null);
  useOpenOnLongPress(map, base);
  useReturnFocus(!!open);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector('button')?.focus();
    const outside = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node)) closeMapMenu();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeMapMenu();
    // The press that opened the menu is still going on: listen from the next one.
    const timer = setTimeout(() => document.addEventListener('pointerdown', outside, true), 0);
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!open || !map) return null;
  const shown = items.filter((i) => !i.visible || i.visible(open.context));
  if (shown.length === 0) return null;
  const [width, height] = map.getSize() ?? [0, 0];
  const left = Math.max(4, Math.min(open.pixel[0], width - MENU_WIDTH - 4));
  const top = Math.max(4, Math.min(open.pixel[1], height - shown.length * 48 - 12));
  return (
    <div
      ref={menu}
      role="menu"
      aria-label={t('mapMenu.label')}
      className={styles.menu}
      style={{ left, top }}
      data-testid="map-context-menu"
    >
      {shown.map((item) => (
        <Button
          key={item.id}
          role="menuitem"
          appearance="subtle"
          className={styles.item}
          icon={item.icon}
          data-testid={`map-menu-${item.id}`}
          onClick={() => {
            closeMapMenu();
            void item.run(open.context);
          }}
        >
          {t(item.labelKey)}
        </Button>
      ))}
    </div>
  );
}
