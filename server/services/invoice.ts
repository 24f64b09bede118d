import PDFDocument from 'pdfkit';
import { invoiceAddressSchema, type InvoiceAddress } from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';

// SPEC §1 / §4 "activate it (an invoice is then sent)": one numbered invoice per app, made as a PDF
// when the app is first activated, kept so the owner can download it again from the overview.

/** The price of an activation: the server's setting (MAPDRAFT_INVOICE_AMOUNT / _CURRENCY). */
export interface InvoicePrice {
  amountCents: number;
  currency: string;
}

export const DEFAULT_INVOICE_PRICE: InvoicePrice = { amountCents: 4900, currency: 'EUR' };

/** "49.00" or "49" → 4900 cents; throws a message naming the setting otherwise (a start-up error). */
export function parseInvoiceAmount(value: string): number {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) throw new Error(`MAPDRAFT_INVOICE_AMOUNT must be an amount like 49.00, not ${value}`);
  return Math.round(Number(value) * 100);
}

export interface InvoiceData {
  number: string;
  issuedAt: Date;
  appKey: string;
  appName: string;
  ownerEmail: string;
  address: InvoiceAddress;
  price: InvoicePrice;
}

export interface StoredInvoice {
  number: string;
  issuedAt: Date;
  pdf: Buffer;
}

/** MD-2026-000042: the year of issue and the invoice's place in the sequence. */
export const invoiceNumber = (n: number, issuedAt: Date) => `MD-${issuedAt.getUTCFullYear()}-${String(n).padStart(6, '0')}`;

export const formatAmount = (price: InvoicePrice) => `${(price.amountCents / 100).toFixed(2)} ${price.currency}`;

/** The invoice as an A4 PDF: seller, owner and address, app, date, number and amount. */
export function buildInvoicePdf(inv: InvoiceData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${inv.number}`, Author: 'Mapdraft' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const a = inv.address;
    doc.font('Helvetica-Bold').fontSize(22).text('Invoice').moveDown(0.2);
    doc.font('Helvetica').fontSize(10).fillColor('#555555').text('Mapdraft').fillColor('black').moveDown();
    doc.font('Helvetica-Bold').text('Bill to').font('Helvetica');
    doc.text(`${a.firstName} ${a.lastName}`);
    if (a.organisation) doc.text(a.organisation);
    doc.text(`${a.street} ${a.houseNumber}`);
    doc.text(`${a.postCode} ${a.city}`);
    if (inv.ownerEmail) doc.text(inv.ownerEmail);
    doc.moveDown();
    const rows: [string, string][] = [
      ['Invoice number', inv.number],
      ['Date', inv.issuedAt.toISOString().slice(0, 10)],
      ['App', inv.appName],
      ['App key', inv.appKey],
    ];
    for (const [label, value] of rows) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    doc.moveDown();
    line(doc, 'Description', 'Amount', 'Helvetica-Bold');
    line(doc, `Activation of the app "${inv.appName}"`, formatAmount(inv.price), 'Helvetica');
    doc.moveDown();
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`Total: ${formatAmount(inv.price)}`, { align: 'right' });
    doc.end();
  });
}

/** One row of the table: the text on the left, the amount on the right of the same line. */
function line(doc: PDFKit.PDFDocument, left: string, right: string, font: string) {
  const y = doc.y;
  const x = doc.page.margins.left;
  doc.font(font).fontSize(10).text(left, x, y);
  doc.text(right, x, y, { align: 'right' });
}

/** The invoice address given when the app was created (SPEC §3), else the app record's columns. */
function addressOf(row: AppInvoiceRow): InvoiceAddress {
  const given = invoiceAddressSchema.safeParse(row.invoice_address);
  if (given.success) return given.data;
  const [firstName = '', ...rest] = (row.owner_name ?? '').split(' ');
  return {
    firstName,
    lastName: rest.join(' '),
    organisation: row.organisation ?? undefined,
    street: row.address_street ?? '',
    houseNumber: row.address_streetnumber ?? '',
    postCode: row.address_postcode ?? '',
    city: row.address_city ?? '',
  };
}

interface AppInvoiceRow {
  app_key: string;
  invoice_address: unknown;
  owner_name: string | null;
  organisation: string | null;
  address_street: string | null;
  address_streetnumber: string | null;
  address_postcode: string | null;
  address_city: string | null;
}

export async function loadInvoice(db: Db, appKey: string): Promise<StoredInvoice | null> {
  const { rows } = await db.query<{ number: number; issued_at: Date; pdf: Uint8Array }>(
    'SELECT number, issued_at, pdf FROM invoices WHERE app_key = $1',
    [appKey],
  );
  const r = rows[0];
  if (!r) return null;
  const issuedAt = new Date(r.issued_at);
  return { number: invoiceNumber(Number(r.number), issuedAt), issuedAt, pdf: Buffer.from(r.pdf) };
}

/**
 * The app's invoice, issued now if it has none: `issued` tells whether this call made it (and so
 * whether it is to be mailed). Two activations at once issue one invoice; the other's number is
 * then unused, a gap the sequence allows.
 */
export async function issueInvoice(
  db: Db,
  appKey: string,
  appName: string,
  ownerEmail: string,
  price: InvoicePrice,
): Promise<StoredInvoice & { issued: boolean }> {
  const existing = await loadInvoice(db, appKey);
  if (existing) return { ...existing, issued: false };
  const { rows } = await db.query<AppInvoiceRow>('SELECT * FROM apps WHERE app_key = $1', [appKey]);
  const seq = await db.query<{ n: string }>(`SELECT nextval(pg_get_serial_sequence('invoices', 'number')) AS n`);
  const n = Number(seq.rows[0].n);
  const issuedAt = new Date();
  const number = invoiceNumber(n, issuedAt);
  const pdf = await buildInvoicePdf({ number, issuedAt, appKey, appName, ownerEmail, address: addressOf(rows[0]), price });
  const inserted = await db.query(
    `INSERT INTO invoices (number, app_key, issued_at, amount_cents, currency, pdf) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (app_key) DO NOTHING RETURNING number`,
    [n, appKey, issuedAt.toISOString(), price.amountCents, price.currency, pdf],
  );
  if (inserted.rows.length) return { number, issuedAt, pdf, issued: true };
  const raced = await loadInvoice(db, appKey);
  if (!raced) throw new Error(`invoice of ${appKey} vanished`);
  return { ...raced, issued: false };
}
