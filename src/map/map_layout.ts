// Where the controls on the map sit (issue 19), in one place. OL's zoom buttons hold the top left
// corner; the column of round map buttons (map_button_column.ts) starts below them; the search field
// starts right of them; the review buttons and the phone's route panel start below the search field.
// On a touch screen, a phone-wide window or outdoors (SPEC §4) the zoom buttons and the search field
// are 44 px touch targets and take more room, so each of those places is a custom property set here
// and read by the controls' styles (`MAP_PLACES`), never a pixel offset of their own.
// At the bottom, OL's scale line sits under the floating edit toolbar (which keeps 32 px below it)
// and right of the outdoor button (8 px from the left, 44 px wide): neither covers the other.
import { TOUCH_QUERY } from '../state/use_media_query.ts';

/** The smallest touch target (issue 19, SPEC §9 field use). */
export const TOUCH_TARGET_PX = 44;
const EDGE_PX = 8;
const GAP_PX = 8;
/** OL's button plus its 1 px margin on each side. */
const ZOOM_SLOT_PX = TOUCH_TARGET_PX + 2;

export const MAP_PLACES = {
  /** The left edge of what sits right of the zoom buttons (the search field, a left map card). */
  besideZoom: 'var(--map-beside-zoom)',
  /** The top of what sits below the zoom buttons (the column of map buttons). */
  belowZoom: 'var(--map-below-zoom)',
  /** The search field's top and height (its border included). */
  searchTop: `${EDGE_PX}px`,
  searchHeight: 'var(--map-search-height)',
  /** The top of what sits below the search field. */
  belowSearch: 'var(--map-below-search)',
} as const;

const TOUCH_BUTTONS = `width: ${TOUCH_TARGET_PX}px; height: ${TOUCH_TARGET_PX}px; line-height: 1;`;
/** The zoom buttons as 44 px targets, and the room they take top left. */
const touchZoom = (scope: string) => `
  ${scope} { --map-beside-zoom: ${EDGE_PX + ZOOM_SLOT_PX + GAP_PX}px; --map-below-zoom: ${EDGE_PX + 2 * ZOOM_SLOT_PX + GAP_PX}px; }
  ${scope} .ol-viewport .ol-zoom { top: ${EDGE_PX}px; left: ${EDGE_PX}px; }
  ${scope} .ol-viewport .ol-control button { ${TOUCH_BUTTONS} }`;

// The `.ol-viewport` prefix outranks ol.css whatever order the two style sheets load in.
const MAP_LAYOUT_CSS = `
  :root {
    --map-beside-zoom: 52px;
    --map-below-zoom: 96px;
    --map-search-height: 32px;
    --map-below-search: calc(${EDGE_PX}px + var(--map-search-height) + 16px);
  }
  @media ${TOUCH_QUERY} {
    ${touchZoom(':root')}
    :root { --map-search-height: ${TOUCH_TARGET_PX + 2}px; }
  }
  ${touchZoom('[data-outdoor="true"]')}
  [data-outdoor="true"] .ol-viewport .ol-control button { font-size: 26px; }
  .ol-viewport .ol-scale-line { left: ${EDGE_PX + TOUCH_TARGET_PX + 12}px; bottom: 4px; }
  .ol-viewport .ol-scale-line-inner { line-height: 14px; }
`;

let layoutInserted = false;

/**
 * Puts the map's layout rules in the document, once, as a plain style element the browser parses.
 * Griffel's static styles parsed and serialised this text in script (stylis) during the map's first
 * render: ≈ 40 ms of a 60–85 ms task at 4× slowdown after the first paint (issue 17 target 4).
 */
export function useMapLayout(): void {
  if (layoutInserted) return;
  layoutInserted = true;
  const style = document.createElement('style');
  style.dataset.mapdraft = 'map-layout';
  style.textContent = MAP_LAYOUT_CSS;
  document.head.append(style);
}
