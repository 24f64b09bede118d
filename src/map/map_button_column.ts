// The column of round map buttons under OL's zoom buttons (map_layout.ts says where they end), top
// left, one 44 px touch target (SPEC §9 field use) per slot, 8 px apart. One table, so two tools never
// claim the same place.
import type { GriffelStyle } from '@fluentui/react-components';
import { tokens } from '@fluentui/react-components';
import { MAP_PLACES, TOUCH_TARGET_PX } from './map_layout.ts';

const BUTTON_PX = TOUCH_TARGET_PX;
const GAP_PX = 8;

/** Top to bottom. */
export const MAP_BUTTON_SLOTS = ['location', 'track', 'route', 'newPoint'] as const;
export type MapButtonSlot = (typeof MAP_BUTTON_SLOTS)[number];

/** The style of the button in `slot` of the column (for makeStyles). */
export function mapColumnButton(slot: MapButtonSlot): GriffelStyle {
  return {
    position: 'absolute',
    top: `calc(${MAP_PLACES.belowZoom} + ${MAP_BUTTON_SLOTS.indexOf(slot) * (BUTTON_PX + GAP_PX)}px)`,
    left: '8px',
    zIndex: 2,
    width: `${BUTTON_PX}px`,
    height: `${BUTTON_PX}px`,
    minWidth: `${BUTTON_PX}px`,
    padding: 0,
    boxShadow: tokens.shadow4,
  };
}
