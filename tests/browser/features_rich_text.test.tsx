// SPEC §3 EDITOR properties: rich text written with a real editor (typed with the keyboard through
// the browser), sent as allow-listed HTML, and shown formatted — never running what a value carries.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { EditForm } from '../../src/edit/EditForm.tsx';
import { PropertyTable } from '../../src/ui/PropertyTable.tsx';
import { sanitizeRichText } from '../../src/ui/rich_text.ts';
import { draftFromFeature } from '../../src/edit/draft.ts';
import { unmount, byTestId, findByTestId } from './shell_harness.tsx';
import { click, defs, featureConfig, renderFeatures, ui } from './features_harness.tsx';

const apiBase = inject('apiBase');
afterEach(unmount);

const HOSTILE =
  '<p onclick="window.__pwned=1">Hi <b style="color:red">there</b></p><script>window.__pwned = 2</script>' +
  '<img src=x onerror="window.__pwned=3"><a href="javascript:window.__pwned=4">bad</a> <a href="https://example.org/x">good</a>' +
  '<iframe src="https://example.org"></iframe><span class="x">plain</span>';

describe('rich text allow-list', () => {
  it('keeps formatting, lists and safe links; drops script, handlers, styles and embeds', () => {
    const html = sanitizeRichText(HOSTILE);
    expect(html).toBe(
      '<p>Hi <b>there</b></p><a>bad</a> <a href="https://example.org/x" target="_blank" rel="noopener noreferrer">good</a>plain',
    );
    expect(sanitizeRichText('<ul><li>one</li><li><i>two</i></li></ul><ol><li>x</li></ol>')).toBe(
      '<ul><li>one</li><li><i>two</i></li></ul><ol><li>x</li></ol>',
    );
    expect(sanitizeRichText('a < b & c')).toBe('a &lt; b &amp; c');
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText('<p></p><p><b></b>x</p>')).toBe('<p>x</p>');
    // Issue 16: a scheme split by a tab, a newline, a carriage return or a control character, or
    // led by spaces and controls, is still javascript: to the browser.
    for (const href of [
      'java&#9;script:x()',
      'java&#10;script:x()',
      'java&#13;script:x()',
      'java\u0001script:x()',
      ' &#1;javascript:x()',
      'JaVa&#x09;ScRiPt&#x3A;x()',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

const layer = {
  id: 'sites',
  workspace: 'ws_demo',
  geometryType: 'Point' as const,
  editable: true,
  properties: defs([{ name: 'name' }, { name: 'notes', type: 'EDITOR', label: 'Notes' }]),
};
const feature = (notes: string) => ({
  geometry: { type: 'Point' as const, coordinates: [1, 2] },
  properties: { gfid: 9, version: 1, name: 'Hut', notes },
});

async function form(notes: string, editable = true) {
  const draft = draftFromFeature({ ...layer, editable }, feature(notes), false);
  const sent: { properties?: Record<string, unknown> }[] = [];
  await renderFeatures(
    ui(apiBase, featureConfig(apiBase), false),
    <EditForm draft={draft} defs={draft.layer.properties} onSubmit={(d) => void sent.push(d)} onCancel={() => undefined} />,
  );
  return { sent, text: await findByTestId<HTMLDivElement>('edit-notes-text') };
}

/** Selects text in the editor (as a drag would), then links it to `href` with the toolbar. */
async function linkSelection(text: HTMLElement, pick: (range: Range) => void, href: string) {
  const range = document.createRange();
  pick(range);
  text.focus();
  document.getSelection()!.removeAllRanges();
  document.getSelection()!.addRange(range);
  await userEvent.click(byTestId('rich-link')!);
  await userEvent.fill(await findByTestId('rich-link-address'), href);
  await userEvent.click(byTestId('rich-link-add')!);
}

describe('rich text editor', () => {
  it('types formatted text with the toolbar and sends it as HTML', async () => {
    const { sent, text } = await form('');
    await userEvent.click(text);
    await userEvent.keyboard('Plain ');
    await userEvent.click(byTestId('rich-bold')!);
    await userEvent.keyboard('strong');
    await userEvent.click(byTestId('rich-bold')!);
    await userEvent.keyboard(' then ');
    await userEvent.click(byTestId('rich-italic')!);
    await userEvent.keyboard('slanted');
    await click(byTestId('edit-submit'));
    const notes = String(sent.at(-1)?.properties?.notes);
    // The browser keeps a typed space before a tag as a no-break space.
    expect(notes).toMatch(/^Plain( |&nbsp;)<b>strong<\/b>( |&nbsp;)then( |&nbsp;)<i>slanted<\/i>$/);
  });

  it('makes a bulleted list and a link around the selected words', async () => {
    const { sent, text } = await form('<p>see the map</p>');
    expect(text.innerHTML).toBe('<p>see the map</p>');
    // Select "the map" (characters 4 to 11 of the paragraph's text).
    await linkSelection(
      text,
      (range) => {
        const node = text.querySelector('p')!.firstChild!;
        range.setStart(node, 4);
        range.setEnd(node, 11);
      },
      'https://example.org/map',
    );
    await userEvent.click(byTestId('rich-insertUnorderedList')!);
    await click(byTestId('edit-submit'));
    const notes = String(sent.at(-1)?.properties?.notes);
    expect(notes).toContain('<a href="https://example.org/map" target="_blank" rel="noopener noreferrer">the map</a>');
    expect(notes).toMatch(/^<ul><li>see <a [^>]+>the map<\/a><\/li><\/ul>$/);
  });

  it('refuses a javascript: link address', async () => {
    const { sent, text } = await form('<p>click</p>');
    await linkSelection(text, (range) => range.selectNodeContents(text.querySelector('p')!), 'javascript:alert(1)');
    await click(byTestId('edit-submit'));
    // Nothing changed, so nothing is sent for the property.
    expect(sent.at(-1)?.properties?.notes).toBe('<p>click</p>');
    expect(text.querySelector('a')).toBeNull();
  });

  it('cleans a hostile stored value before editing it, and is read-only on a layer that is not editable', async () => {
    const { text } = await form(HOSTILE, false);
    expect(text.innerHTML).not.toMatch(/script|onclick|onerror|iframe|javascript/);
    expect(text.getAttribute('contenteditable')).toBe('false');
    expect(byTestId<HTMLButtonElement>('rich-bold')!.disabled).toBe(true);
  });

  it('shows a value formatted in the property table', async () => {
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <PropertyTable defs={layer.properties} values={{ notes: HOSTILE }} />);
    const cell = byTestId('value-notes')!;
    expect(cell.querySelector('b')!.textContent).toBe('there');
    expect(cell.querySelector('a[href="https://example.org/x"]')!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(cell.querySelector('script, img, iframe, [onclick], [style]')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
