import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { call, expectError } from './helpers.ts';
import { PNG, admin, member, newFeature } from './suggest_helpers.ts';

// SPEC §7 "PDF: GET features/{gfid}/download/advanced with appkey and noteBoxList, as blob".

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('feature PDF', () => {
  it('holds the name, labelled properties, the geometry and the notes', async () => {
    const gfid = await newFeature({ name: 'Lighthouse Point', height: 42 });
    const up = await call(`/api/features/${gfid}/images/changes?filename=tower.png&description=Tower`, {
      method: 'POST',
      raw: { data: PNG, type: 'image/png' },
      ...member,
    });
    await call(`/api/features/${gfid}/images/${up.body.id}/accept`, { method: 'PUT', ...admin });
    const notes = encodeURIComponent(JSON.stringify(['Check the stairs', 'Bring a torch']));
    const res = await call(`/api/features/${gfid}/download/advanced?appkey=${'sugg'.repeat(8)}&noteBoxList=${notes}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    // The accepted PNG is embedded as an image XObject.
    expect(Buffer.from(res.bytes).toString('latin1')).toMatch(/\/Subtype \/Image/);
    const text = await pdfText(res.bytes);
    for (const expected of [
      'Lighthouse Point',
      'Site name',
      'Height (m)',
      '42',
      'Point',
      '10.000000, 50.000000',
      'Check the stairs',
      'Bring a torch',
      'Tower',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints a rich-text property as its text, without markup', async () => {
    const notes = '<p>Open <b>daily</b> &amp; at night</p><ul><li>Keys at the inn</li><li>Bring&nbsp;water</li></ul><script>x()</script>';
    const gfid = await newFeature({ name: 'Hut', notes });
    const text = await pdfText((await call(`/api/features/${gfid}/download/advanced`)).bytes);
    expect(text).toContain('Open daily & at night');
    expect(text).toContain('• Keys at the inn');
    expect(text).toContain('• Bring water');
    expect(text).not.toMatch(/<\/?(p|b|ul|li|script)>|&amp;|x\(\)/);
  });

  it('takes repeated noteBoxList parameters too, and refuses unknown features', async () => {
    const gfid = await newFeature({ name: 'Old Mill' });
    const res = await call(`/api/features/${gfid}/download/advanced?noteBoxList=first%20note&noteBoxList=second%20note`);
    const text = await pdfText(res.bytes);
    expect(text).toContain('Old Mill');
    expect(text).toContain('first note');
    expect(text).toContain('second note');
    expectError(await call('/api/features/999999999/download/advanced'), 404, 'FEATURE_NOT_FOUND');
  });
});
