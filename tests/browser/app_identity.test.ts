// SPEC §3: the tab's title, the page's icon and the browser's bar colour are the app's own.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { showAppIdentity } from '../../src/config/app_identity.ts';

const icon = () => document.head.querySelector('link[rel=icon]')!.getAttribute('href');
const barColour = () => document.head.querySelector('meta[name=theme-color]')!.getAttribute('content');

beforeEach(() => {
  // The page's own head, as index.html has it.
  document.title = 'Mapdraft';
  document.head.insertAdjacentHTML('beforeend', '<link rel="icon" href="/favicon.svg"><meta name="theme-color" content="#274E78">');
});
afterEach(() => {
  for (const el of document.head.querySelectorAll('link[rel=icon], meta[name=theme-color]')) el.remove();
});

describe("the app's identity in the page's head", () => {
  it("shows the app's name, icon and primary colour", () => {
    showAppIdentity('Trail survey', '/icons/trail.png', '#aa3300');
    expect(document.title).toBe('Trail survey');
    expect(icon()).toBe('/icons/trail.png');
    expect(barColour()).toBe('#aa3300');
  });

  it('keeps the page its icon when the app has none', () => {
    showAppIdentity('Trail survey', undefined, '#aa3300');
    expect(icon()).toBe('/favicon.svg');
    expect(barColour()).toBe('#aa3300');
  });

  it('leaves the head alone when nothing differs, and writes only what does', () => {
    showAppIdentity('Trail survey', '/icons/trail.png', '#aa3300');
    const watch = new MutationObserver(() => undefined);
    watch.observe(document.head, { subtree: true, childList: true, characterData: true, attributes: true });
    showAppIdentity('Trail survey', '/icons/trail.png', '#aa3300');
    showAppIdentity('Trail survey', '/icons/trail.png', '#006644');
    const changes = watch
      .takeRecords()
      .map((r) => (r.type === 'attributes' ? `${(r.target as Element).tagName}.${r.attributeName}` : r.type));
    watch.disconnect();
    expect(changes).toEqual(['META.content']);
    expect(barColour()).toBe('#006644');
  });
});
