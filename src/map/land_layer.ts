// The bundled Natural Earth land on the main map (issue 17): the land worker draws one picture per view
// (land_image.ts); this layer only shows it, as an image placed, scaled and rotated by a CSS transform on
// every frame (its own compositor layer: a move repaints nothing).
//
// Why not OpenLayers' ImageLayer: it drew the picture again into a 2D canvas of its own on every
// frame, and at an open that canvas was the main thread's only GPU canvas: creating its context held
// the main thread 170–280 ms in a frame of the cold open (GpuChannelHost::CreateViewCommandBuffer, the
// whole browser on one core, SwiftShader), and a pan redrew it every frame.
// Why not a `bitmaprenderer` canvas showing the worker's ImageBitmap: the page's commit copies each
// bitmap into a canvas resource through the same main-thread GPU context, made at the first picture;
// at a cold open at 4× that commit waited 470–990 ms for the GPU process, busy with the features' first
// WebGL frame. An image is decoded and uploaded by the compositor's raster threads, whose context
// exists from the first paint: the main thread waits for nothing, on any GPU.
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

/** Draws the land of a view: the land worker's PNG, or a canvas where it cannot draw (land_image.ts). */
export type DrawLand = (view: LandView) => Promise<Blob | HTMLCanvasElement>;

type Picture = HTMLImageElement | HTMLCanvasElement;

/** The picture ready to be shown: a PNG decoded before it replaces the one on screen (no blank frame). */
async function pictureOf(image: Blob | HTMLCanvasElement): Promise<Picture> {
  if (image instanceof HTMLCanvasElement) return image;
  const img = new Image();
  img.alt = ''; // the map's picture of land, not content (the map has its own label)
  img.decoding = 'async';
  img.src = URL.createObjectURL(image);
  try {
    await img.decode();
  } finally {
    URL.revokeObjectURL(img.src); // a loaded image keeps its data
  }
  return img;
}

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
  /** The picture on screen and the view it was drawn for. */
  let shown: { element: Picture; view: LandView } | undefined;
  /** The last view asked for (being drawn, or shown). */
  let wanted: LandView | undefined;
  const transform = createTransform();

  function show(element: Picture, view: LandView): void {
    Object.assign(element.style, { position: 'absolute', left: '0', top: '0', transformOrigin: '0 0', willChange: 'transform' });
    // One picture pixel to one CSS pixel before the transform (the transform holds the pixel ratio).
    const [width, height] =
      element instanceof HTMLImageElement ? [element.naturalWidth, element.naturalHeight] : [element.width, element.height];
    Object.assign(element.style, { width: `${width}px`, height: `${height}px` });
    container.replaceChildren(element);
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
      .then((image) => (wanted === view ? pictureOf(image) : undefined)) // else a newer view was asked for meanwhile
      .then(
        (picture) => {
          if (picture && wanted === view) show(picture, view);
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
