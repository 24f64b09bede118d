// SPEC §2 add-image dialog "with crop and resize": done in the browser before upload, so a phone
// photo of several MB goes up as a small JPEG/PNG. Canvas only, no dependency.

export interface CropRect {
  /** In source pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ResizeOptions {
  crop?: CropRect | null;
  /** The longest side after resizing; smaller images are not enlarged. */
  maxDimension: number;
  type?: 'image/jpeg' | 'image/png';
  /** JPEG quality 0..1. */
  quality?: number;
}

export interface ResizedImage {
  blob: Blob;
  width: number;
  height: number;
}

/** The crop clamped to the image, or the whole image. */
export function clampCrop(crop: CropRect | null | undefined, width: number, height: number): CropRect {
  if (!crop) return { x: 0, y: 0, width, height };
  const x = Math.max(0, Math.min(width - 1, Math.round(crop.x)));
  const y = Math.max(0, Math.min(height - 1, Math.round(crop.y)));
  return {
    x,
    y,
    width: Math.max(1, Math.min(width - x, Math.round(crop.width))),
    height: Math.max(1, Math.min(height - y, Math.round(crop.height))),
  };
}

/** Output size keeping the aspect ratio, the longest side at most maxDimension. */
export function fitWithin(width: number, height: number, maxDimension: number): { width: number; height: number } {
  const scale = Math.min(1, maxDimension / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function cropAndResize(source: Blob, opts: ResizeOptions): Promise<ResizedImage> {
  const bitmap = await createImageBitmap(source);
  try {
    const crop = clampCrop(opts.crop, bitmap.width, bitmap.height);
    const out = fitWithin(crop.width, crop.height, opts.maxDimension);
    const canvas = new OffscreenCanvas(out.width, out.height);
    const ctx = canvas.getContext('2d')!;
    ctx.imageSmoothingQuality = 'high';
    const type = opts.type ?? 'image/jpeg';
    if (type === 'image/jpeg') {
      // JPEG has no alpha: transparent pixels would turn black.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, out.width, out.height);
    }
    ctx.drawImage(bitmap, crop.x, crop.y, crop.width, crop.height, 0, 0, out.width, out.height);
    const blob = await canvas.convertToBlob({ type, quality: opts.quality ?? 0.85 });
    return { blob, ...out };
  } finally {
    bitmap.close();
  }
}
