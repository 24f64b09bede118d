// A canvas crop rectangle (SPEC §2 "image (with crop and resize)"): drag on the preview to choose
// the part of the picture to keep; the rectangle is reported in source pixels.
import { useEffect, useRef } from 'react';
import { makeStyles } from '@fluentui/react-components';
import type { CropRect } from './image_resize.ts';

const PREVIEW = 320;

const useStyles = makeStyles({
  canvas: { touchAction: 'none', cursor: 'crosshair', maxWidth: '100%' },
});

export function ImageCropper({
  bitmap,
  crop,
  onCrop,
}: {
  bitmap: ImageBitmap;
  crop: CropRect | null;
  onCrop: (c: CropRect | null) => void;
}) {
  const styles = useStyles();
  const canvas = useRef<HTMLCanvasElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const scale = Math.min(1, PREVIEW / Math.max(bitmap.width, bitmap.height));

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    const w = bitmap.width * scale,
      h = bitmap.height * scale;
    ctx.clearRect(0, 0, w, h);
    ctx.drawImage(bitmap, 0, 0, w, h);
    if (!crop) return;
    // Dim what is cut away so the kept part stands out.
    ctx.fillStyle = 'rgba(0,0,0,0.45)';
    ctx.beginPath();
    ctx.rect(0, 0, w, h);
    ctx.rect(crop.x * scale, crop.y * scale, crop.width * scale, crop.height * scale);
    ctx.fill('evenodd');
    ctx.strokeStyle = '#fff';
    ctx.strokeRect(crop.x * scale, crop.y * scale, crop.width * scale, crop.height * scale);
  }, [bitmap, crop, scale]);

  const at = (e: React.PointerEvent) => {
    const r = canvas.current!.getBoundingClientRect();
    return { x: (e.clientX - r.left) / scale, y: (e.clientY - r.top) / scale };
  };
  const drag = (e: React.PointerEvent) => {
    if (!start.current) return;
    const p = at(e),
      s = start.current;
    const rect = { x: Math.min(s.x, p.x), y: Math.min(s.y, p.y), width: Math.abs(p.x - s.x), height: Math.abs(p.y - s.y) };
    onCrop(rect.width >= 4 && rect.height >= 4 ? rect : null);
  };
  return (
    <canvas
      ref={canvas}
      data-testid="image-crop"
      width={Math.round(bitmap.width * scale)}
      height={Math.round(bitmap.height * scale)}
      className={styles.canvas}
      onPointerDown={(e) => {
        start.current = at(e);
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={drag}
      onPointerUp={(e) => {
        drag(e);
        start.current = null;
      }}
    />
  );
}
