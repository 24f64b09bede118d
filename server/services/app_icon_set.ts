// SPEC §7 "appManifest with icons of 128, 192, 256, 384, 512 px" from one uploaded logo: decoded and
// fitted (aspect kept, transparent margins) into each square size as PNG, in pure JS (jimp).
import { Jimp } from 'jimp';
import { MANIFEST_ICON_SIZES, type ManifestIcon } from '../../src/model/index.ts';

export interface SizedIcon {
  name: string;
  size: number;
  png: Buffer;
}

export const iconName = (size: number) => `icon-${size}.png`;

/** The manifest's icon set of one image; null when the bytes are not an image jimp decodes (PNG, JPEG, GIF, BMP). */
export async function makeIconSet(data: Buffer): Promise<SizedIcon[] | null> {
  let source: Awaited<ReturnType<typeof Jimp.read>>;
  try {
    source = await Jimp.read(data);
  } catch {
    return null;
  }
  const icons: SizedIcon[] = [];
  for (const size of MANIFEST_ICON_SIZES) {
    const img = source.clone().contain({ w: size, h: size });
    icons.push({ name: iconName(size), size, png: await img.getBuffer('image/png') });
  }
  return icons;
}

/** The manifest entries of an icon set, as the public icon URLs a browser fetches without credentials. */
export function manifestIcons(appKey: string, icons: readonly SizedIcon[]): ManifestIcon[] {
  return icons.map((i) => ({ src: `/api/public/apps/${appKey}/icons/${i.name}`, sizes: `${i.size}x${i.size}`, type: 'image/png' }));
}
