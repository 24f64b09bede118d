// SPEC §7 "appManifest with icons of 128, 192, 256, 384, 512 px" from one uploaded logo: decoded
// under the upload pixel limits (upload_check.ts, issue 16) and fitted (aspect kept, transparent
// margins) into each square size as PNG.
import sharp from 'sharp';
import { MANIFEST_ICON_SIZES, type ManifestIcon } from '../../src/model/index.ts';
import { decodeImage } from './upload_check.ts';

export interface SizedIcon {
  name: string;
  size: number;
  png: Buffer;
}

export const iconName = (size: number) => `icon-${size}.png`;

/** The manifest's icon set of one image (bytes or a file's path); null when it is not a raster image within the upload limits. */
export async function makeIconSet(data: Buffer | string): Promise<SizedIcon[] | null> {
  const checked = await decodeImage(data);
  if (!checked.ok) return null;
  const icons: SizedIcon[] = [];
  for (const size of MANIFEST_ICON_SIZES) {
    const png = await sharp(checked.image.data)
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    icons.push({ name: iconName(size), size, png });
  }
  return icons;
}

/** The manifest entries of an icon set, as the public icon URLs a browser fetches without credentials. */
export function manifestIcons(appKey: string, icons: readonly SizedIcon[]): ManifestIcon[] {
  return icons.map((i) => ({ src: `/api/public/apps/${appKey}/icons/${i.name}`, sizes: `${i.size}x${i.size}`, type: 'image/png' }));
}
