// The interface every map contender of the rendering scenarios (1–5, 9) implements in the page.
export interface LayerSpec {
  /** Dataset name: served at /api/features?layer=NAME (GeoJSON) and /bench-cache/NAME.f32 (ceiling). */
  name: string;
  geometryType: 'Point' | 'Polygon' | 'LineString';
  color: string;
  ceiling: { mode: 'points' | 'triangles' | 'lines'; vertices: number; outline?: { file: string; vertices: number } };
}

export interface View {
  center: [number, number];
  resolution: number;
}

export interface TapResult {
  hit: boolean;
  /** performance.now() when the selection was on screen (the frame after it was drawn). */
  paintedAt: number;
  /** Mapdraft only: when the render worker reported the frame with the selection (before presentation). */
  drawnAt?: number;
}

export interface MapContender {
  /** Starts whatever must run before the clock (workers, GL context); returns its time. */
  prepare(size: [number, number]): Promise<number>;
  /** Fetch → decode → draw: resolves at the first frame showing every feature. */
  load(layers: LayerSpec[], view: View): Promise<void>;
  /** Untimed, after the load: what the app does once its layers are drawn (Mapdraft: the local copy written). */
  afterLoad?(): Promise<void>;
  setView(view: View, interacting: boolean): void;
  /** Frame intervals (ms) where the drawing happens, collected between start and stop. */
  startFrames(): void;
  stopFrames(): { intervals: number[]; drawMs: number[] };
  /** Resolves once pending buffers are rebuilt and drawn (after a view change). */
  idle(): Promise<void>;
  tap(x: number, y: number): Promise<TapResult>;
  /** Non-background pixels of the current frame (a correctness check of "first correct frame"). */
  paintedPixels(): Promise<number>;
  bufferBytes(): Promise<number>;
  dispose(): Promise<void>;
}

export const BACKGROUND = [255, 255, 255];

export function countPainted(pixels: Uint8ClampedArray | Uint8Array): number {
  let n = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i + 3] > 0 && (pixels[i] < 250 || pixels[i + 1] < 250 || pixels[i + 2] < 250)) n++;
  }
  return n;
}

export const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));
