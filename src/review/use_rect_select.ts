// "A rectangle drawn on the map" for the review queue's filter: while the store asks for one, the main
// map takes one drag as a box (OL DragBox, taking the drag before panning does), and its extent in
// EPSG:4326 becomes the queue's bbox filter.
import { useEffect } from 'react';
import type OlMap from 'ol/Map.js';
import DragBox from 'ol/interaction/DragBox.js';
import { transformExtent } from 'ol/proj.js';
import { useReview } from './review_store.ts';

export function useRectSelect(map: OlMap | null | undefined) {
  const drawing = useReview((s) => s.drawingRect);
  useEffect(() => {
    if (!map || !drawing) return;
    const box = new DragBox({ className: 'ol-dragbox review-dragbox' });
    box.on('boxend', () => {
      const [minX, minY, maxX, maxY] = transformExtent(box.getGeometry().getExtent(), map.getView().getProjection(), 'EPSG:4326');
      const review = useReview.getState();
      review.setFilter({ bbox: [minX, minY, maxX, maxY] });
      review.setDrawingRect(false);
      review.setPendingOpen(true);
    });
    map.addInteraction(box);
    return () => {
      map.removeInteraction(box);
    };
  }, [map, drawing]);
}
