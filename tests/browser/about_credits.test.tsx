// The About page credits the data sources as their licences ask (issue 15): OpenStreetMap with a link
// to its copyright page, Natural Earth, GeoNames under CC BY 4.0.
import { act } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { AboutDialog } from '../../src/screens/AboutDialog.tsx';
import { useUiStore } from '../../src/state/ui_store.ts';
import { findByTestId, render, shellConfig, unmount } from './shell_harness.tsx';

afterEach(unmount);

describe('About page', () => {
  it('lists OpenStreetMap, Natural Earth and GeoNames with their links and licences', async () => {
    await render(<AboutDialog config={shellConfig(inject('apiBase'))} />);
    act(() => useUiStore.getState().setAboutOpen(true));
    const credits = await findByTestId('data-credits');
    const links = [...credits.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['OpenStreetMap', 'https://www.openstreetmap.org/copyright'],
        ['Natural Earth', 'https://www.naturalearthdata.com/'],
        ['GeoNames', 'https://www.geonames.org/'],
        ['CC BY 4.0', 'https://creativecommons.org/licenses/by/4.0/'],
      ]),
    );
    expect(credits.textContent).toContain('OpenStreetMap contributors');
  });
});
