// When the map last answered a click (use_select_on_tap.ts). A panel that opens within OpenLayers'
// double-click interval after it may sit under that click's second half (src/ui/Panel.tsx); a panel
// opened any other way (a link, a list, a search) takes the pointer at once.
let lastClickAt = Number.NEGATIVE_INFINITY;

export function noteMapClick(): void {
  lastClickAt = performance.now();
}

export function msSinceMapClick(): number {
  return performance.now() - lastClickAt;
}
