// SPEC §4 "activate it (an invoice is then sent)", §8 "app key activated": activation issues one
// numbered PDF invoice, downloadable by the owner from the overview.
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { SUCCESS } from '../../src/model/index.ts';
import { USER, call, expectError, newOwnedApp } from './helpers.ts';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('activation invoice', () => {
  it('issues a PDF naming the owner, address, app, date, number and amount', async () => {
    const { owner, appKey } = await newOwnedApp();
    await call(`/api/apps/config?appkey=${appKey}`, { method: 'PUT', auth: owner, body: { appName: 'Tree register' } });
    const activated = await call(`/api/apps/activate?appkey=${appKey}`, { method: 'POST', auth: owner });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ appKey, activated: true, message: SUCCESS.APP_KEY_ACTIVATED });
    const number = activated.body.invoiceNumber as string;
    expect(number).toMatch(/^MD-\d{4}-\d{6}$/);
    const pdf = await call(`/api/apps/${appKey}/invoice`, { auth: owner });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${number}.pdf"`);
    const text = await pdfText(pdf.bytes);
    for (const part of ['Grace Hopper', 'Navy', 'Main St 1', '12345 Arlington', 'Tree register', appKey, number, '49.00 EUR']) {
      expect(text).toContain(part);
    }
    expect(text).toContain(activated.body.activatedAt.slice(0, 10));
    // The overview names the invoice; activating again keeps the activation and the invoice.
    const overview = await call('/api/apps/overview', { auth: owner });
    expect(overview.body).toEqual([expect.objectContaining({ appKey, activated: true, appName: 'Tree register', invoiceNumber: number })]);
    const again = await call(`/api/apps/activate?appkey=${appKey}`, { method: 'POST', auth: owner });
    expect(again.body).toMatchObject({ invoiceNumber: number, activatedAt: activated.body.activatedAt });
  });

  it('numbers invoices in order', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 2; i++) {
      const { owner, appKey } = await newOwnedApp();
      const res = await call(`/api/apps/activate?appkey=${appKey}`, { method: 'POST', auth: owner });
      numbers.push(Number(res.body.invoiceNumber.slice(-6)));
    }
    expect(numbers[1]).toBeGreaterThan(numbers[0]);
  });

  it('has no invoice before activation, and gives it to the owner only', async () => {
    const { owner, appKey } = await newOwnedApp();
    expectError(await call(`/api/apps/${appKey}/invoice`, { auth: owner }), 404, 'ELEMENT_NOT_FOUND');
    await call(`/api/apps/activate?appkey=${appKey}`, { method: 'POST', auth: owner });
    expectError(await call(`/api/apps/${appKey}/invoice`), 401, 'UNAUTHORIZED');
    expectError(await call(`/api/apps/${appKey}/invoice`, { auth: USER }), 403, 'FORBIDDEN');
    const stranger = await newOwnedApp();
    expectError(await call(`/api/apps/${appKey}/invoice`, { auth: stranger.owner }), 403, 'FORBIDDEN');
    expectError(await call(`/api/apps/activate?appkey=${appKey}`, { method: 'POST', auth: stranger.owner }), 403, 'FORBIDDEN');
  });
});
