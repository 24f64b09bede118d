// SPEC §4 geolocation on the map: the position layer (position_layer.ts) on the main map, showing
// the store's position while the Location button has it visible.
import { useEffect } from 'react';
import type OlMap from 'ol/Map.js';
import { useUserLocation } from './location_store.ts';
import { PositionLayer } from './position_layer.ts';
import type { UserPosition } from './location_rules.ts';

export function PositionOverlay({ map }: { map: OlMap | undefined }) {
  useEffect(() => {
    if (!map) return;
    // Made with the first position shown, not with the map: most opens never show one (issue 17).
    let layer: PositionLayer | undefined;
    const show = (p: UserPosition | null) => {
      if (p || layer) (layer ??= new PositionLayer(map)).show(p);
    };
    const pick = (s: ReturnType<typeof useUserLocation.getState>) => (s.visible ? s.position : null);
    show(pick(useUserLocation.getState()));
    const off = useUserLocation.subscribe((s, prev) => {
      if (pick(s) !== pick(prev)) show(pick(s));
    });
    return () => {
      off();
      layer?.dispose();
    };
  }, [map]);
  return null;
}
