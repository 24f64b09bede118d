// Writes the web-manifest icons (SPEC §9 MANIFEST_ICON_SIZES: 128, 192, 256, 384, 512) to
// public/icons/ as PNG, using only node built-ins (zlib for the deflate stream, a hand-written
// CRC-32). The art: a white map pin with an orange dot on the brand blue, full bleed so the
// same file also works as a maskable icon. Run: node src/pwa/make_icons.mjs
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SIZES = [128, 192, 256, 384, 512];
const BG = [0x27, 0x4e, 0x78]; // DEFAULT_FILL_COLOR
const PIN = [0xff, 0xff, 0xff];
const DOT = [0xea, 0x88, 0x0c]; // DEFAULT_STROKE_COLOR
const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../public/icons');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Colour at a point of the unit square (x, y in 0..1). */
function shade(x, y) {
  const cx = 0.5,
    cy = 0.42,
    r = 0.2;
  const d = Math.hypot(x - cx, y - cy);
  if (d < 0.085) return DOT;
  if (d < r) return PIN;
  // The pin's tail: a triangle from the circle's sides down to the tip at y = 0.78.
  const tip = 0.78;
  if (y > cy && y < tip) {
    const half = r * 0.9 * (1 - (y - cy) / (tip - cy));
    if (Math.abs(x - cx) < half) return PIN;
  }
  return BG;
}

function png(size) {
  const SS = 4; // 4×4 supersampling for smooth edges
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0];
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = shade((px + (sx + 0.5) / SS) / size, (py + (sy + 0.5) / SS) / size);
          for (let i = 0; i < 3; i++) acc[i] += c[i];
        }
      }
      const o = py * (size * 4 + 1) + 1 + px * 4;
      for (let i = 0; i < 3; i++) raw[o + i] = Math.round(acc[i] / (SS * SS));
      raw[o + 3] = 255;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
for (const size of SIZES) {
  writeFileSync(resolve(OUT, `icon-${size}.png`), png(size));
  console.log(`icons/icon-${size}.png`);
}
