// The bundled Natural Earth land on the main map (issue 17): the land worker draws one picture per view
// (land_image.ts); this layer only shows it, in a canvas that displays an ImageBitmap as it is handed
// over (`bitmaprenderer`), placed, scaled and rotated by a CSS transform on every frame.
//
// Why not OpenLayers' ImageLayer: it drew the picture again into a 2D canvas of its own on every
// frame, and at an open that canvas was the main thread's only GPU canvas: creating its context held
// the main thread 170–280 ms in a frame of the cold open (GpuChannelHost::CreateViewCommandBuffer, the
// whole browser on one core, SwiftShader), and a pan redrew it every frame. A displayed bitmap needs
// neither: the compositor uploads it once and moves it, on any GPU.
import Layer from 'ol/layer/Layer.js';
import type { FrameState } from 'ol/Map.js';
import Source from 'ol/source/Source.js';
import { getRequestExtent } from 'ol/source/Image.js';
import { containsExtent } from 'ol/extent.js';
import { compose, create as createTransform, toString as toTransformString } from 'ol/transform.js';
import ViewHint from 'ol/ViewHint.js';
import type { AttributionLike } from 'ol/source/Source.js';
import type { LandView } from '../../workers/land/land_draw.ts';
import { landImage } from './land_image.ts';

/** Pictures 1.5× the view on a side, so a pan shows land at once while the next one is drawn. */
const LAND_IMAGE_RATIO = 1.5;

/** Draws the land of a view: the land worker, or the main thread where it cannot (land_image.ts). */
export type DrawLand = (view: LandView) => Promise<ImageBitmap | HTMLCanvasElement>;

/** Whether `wanted` already covers what a frame needs (as OpenLayers' ImageSource reuses its image). */
function covers(wanted: LandView | undefined, need: LandView): boolean {
  return (
    wanted !== undefined &&
    wanted.resolution === need.resolution &&
    wanted.pixelRatio === need.pixelRatio &&
    containsExtent(wanted.extent, need.extent)
  );
}

export interface LandLayerOptions {
  zIndex: number;
  properties: Record<string, unknown>;
  attributions: AttributionLike;
  /** Tests draw with the main thread's fallback, or fail. */
  draw?: DrawLand;
}

export function landPictureLayer({ zIndex, properties, attributions, draw = landImage }: LandLayerOptions): Layer<Source> {
  const source = new Source({ attributions });
  const container = document.createElement('div');
  container.className = 'mapdraft-land';
  Object.assign(container.style, { position: 'absolute', left: '0', top: '0', width: '100%', height: '100%', pointerEvents: 'none' });
  const bitmapCanvas = document.createElement('canvas');
  /** The picture on screen and the view it was drawn for. */
  let shown: { element: HTMLCanvasElement; view: LandView } | undefined;
  /** The last view asked for (being drawn, or shown). */
  let wanted: LandView | undefined;
  const transform = createTransform();

  function show(image: ImageBitmap | HTMLCanvasElement, view: LandView): void {
    let element: HTMLCanvasElement;
    if (image instanceof HTMLCanvasElement) {
      element = image; // drawn on the main thread: shown as it is
    } else {
      element = bitmapCanvas;
      element.width = image.width;
      element.height = image.height;
      // Hands the bitmap over (no copy); the one shown before is released.
      element.getContext('bitmaprenderer')!.transferFromImageBitmap(image);
    }
    if (shown?.element !== element) {
      Object.assign(element.style, { position: 'absolute', left: '0', top: '0', transformOrigin: '0 0' });
      container.replaceChildren(element);
    }
    // One picture pixel to one CSS pixel before the transform (the transform holds the pixel ratio).
    Object.assign(element.style, { width: `${element.width}px`, height: `${element.height}px` });
    shown = { element, view };
  }

  function request(frameState: FrameState): void {
    const { resolution } = frameState.viewState;
    const { pixelRatio } = frameState;
    const need = { extent: getRequestExtent(frameState.extent!, resolution, pixelRatio, 1), resolution, pixelRatio };
    if (covers(wanted, need)) return;
    const view = { extent: getRequestExtent(frameState.extent!, resolution, pixelRatio, LAND_IMAGE_RATIO), resolution, pixelRatio };
    wanted = view;
    source.loading = true; // the map's rendercomplete waits for it
    draw(view)
      .then(
        (image) => {
          if (wanted === view) show(image, view);
          else if (!(image instanceof HTMLCanvasElement)) image.close(); // a newer view was asked for meanwhile
        },
        // The last picture stays; the next view asks again (this one is not asked for in a loop).
        (err: unknown) => console.warn('land not drawn', err),
      )
      .finally(() => {
        if (wanted !== view) return; // the newer request clears the flag
        source.loading = false;
        layer.changed();
      });
  }

  /** The picture placed on the view: its pixels onto the map's CSS pixels (OpenLayers' own pixel transform). */
  function place(frameState: FrameState): void {
    if (!shown) return;
    const { view, element } = shown;
    const { center, resolution, rotation } = frameState.viewState;
    const scale = view.resolution / (view.pixelRatio * resolution);
    const [width, height] = frameState.size;
    // The picture's pixels run downwards like the screen's, so the view's rotation keeps its sign here
    // (OpenLayers' map-to-pixel transform negates it together with the flip of the y axis).
    compose(
      transform,
      width / 2,
      height / 2,
      scale,
      scale,
      rotation,
      (view.pixelRatio * (view.extent[0] - center[0])) / view.resolution,
      (view.pixelRatio * (center[1] - view.extent[3])) / view.resolution,
    );
    // A still, unscaled view keeps whole pixels: no resampling blur.
    if (rotation === 0 && Math.abs(scale - 1) < 1e-9) {
      transform[4] = Math.round(transform[4]);
      transform[5] = Math.round(transform[5]);
    }
    element.style.transform = toTransformString(transform);
  }

  const layer = new Layer({
    source,
    zIndex,
    properties,
    render: (frameState) => {
      const hints = frameState.viewHints;
      // As OpenLayers' image layers: no new picture while the view moves, the last one moved with it.
      if (!hints[ViewHint.ANIMATING] && !hints[ViewHint.INTERACTING]) request(frameState);
      place(frameState);
      return container;
    },
  });
  return layer;
}
