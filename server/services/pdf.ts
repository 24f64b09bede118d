import PDFDocument from 'pdfkit';

// SPEC §7 "PDF: GET features/{gfid}/download/advanced with appkey and noteBoxList": one feature as a
// printable sheet — its name, properties by label, geometry, accepted images and the user's notes.

export interface PdfImage {
  name: string;
  description: string | null;
  contentType: string;
  data: Buffer;
}

export interface FeatureSheet {
  title: string;
  subtitle: string;
  properties: { label: string; value: string }[];
  geometry: { type: string; coordinates: unknown } | null;
  images: PdfImage[];
  notes: string[];
}

type Position = number[];
const fmt = (p: Position) => `${p[0].toFixed(6)}, ${p[1].toFixed(6)}`;
const MAX_LISTED = 40;

/** Geometry as lines of text: type, bounds and the coordinates (lon, lat in EPSG:4326, SPEC §3). */
export function geometrySummary(geometry: FeatureSheet['geometry']): string[] {
  if (!geometry) return ['No geometry.'];
  const positions: Position[] = [];
  const collect = (c: unknown) => {
    if (Array.isArray(c) && typeof c[0] === 'number') positions.push(c as Position);
    else if (Array.isArray(c)) c.forEach(collect);
  };
  collect(geometry.coordinates);
  if (geometry.type === 'Point' && positions[0]) return [`Point (lon, lat): ${fmt(positions[0])}`];
  // A loop, not Math.min(...all): spreading 200k vertices overflows the stack (issue 16).
  const min: Position = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const max: Position = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const [lon, lat] of positions) {
    min[0] = Math.min(min[0], lon);
    min[1] = Math.min(min[1], lat);
    max[0] = Math.max(max[0], lon);
    max[1] = Math.max(max[1], lat);
  }
  const lines = [
    `${geometry.type} with ${positions.length} vertices`,
    `Bounds (lon, lat): ${fmt(min)} to ${fmt(max)}`,
    ...positions.slice(0, MAX_LISTED).map((p, i) => `${i + 1}. ${fmt(p)}`),
  ];
  if (positions.length > MAX_LISTED) lines.push(`… ${positions.length - MAX_LISTED} more`);
  return lines;
}

/** Builds the PDF in memory (a feature sheet is small) and resolves with its bytes. */
export function buildFeaturePdf(sheet: FeatureSheet): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: sheet.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(20).text(sheet.title);
    doc.fontSize(10).fillColor('#555555').text(sheet.subtitle).fillColor('black').moveDown();
    section(doc, 'Properties');
    if (!sheet.properties.length) doc.text('No properties.');
    for (const p of sheet.properties) doc.font('Helvetica-Bold').text(`${p.label}: `, { continued: true }).font('Helvetica').text(p.value);
    section(doc, 'Geometry');
    for (const line of geometrySummary(sheet.geometry)) doc.text(line);
    if (sheet.images.length) section(doc, 'Images');
    for (const image of sheet.images) {
      // pdfkit embeds PNG and JPEG; other accepted types (GIF) are listed by name only.
      if (image.contentType === 'image/png' || image.contentType === 'image/jpeg') {
        try {
          doc.image(image.data, { fit: [400, 250] });
        } catch {
          doc.text('(image could not be embedded)');
        }
      }
      doc.text(image.description ? `${image.name}: ${image.description}` : image.name).moveDown(0.5);
    }
    if (sheet.notes.length) section(doc, 'Notes');
    for (const note of sheet.notes) doc.text(note).moveDown(0.3);
    doc.end();
  });
}

function section(doc: PDFKit.PDFDocument, title: string) {
  doc.moveDown().fontSize(14).font('Helvetica-Bold').text(title).font('Helvetica').fontSize(10).moveDown(0.3);
}
