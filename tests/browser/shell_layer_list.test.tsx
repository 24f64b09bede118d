// SPEC §4: a base map whose tiles fail to load is flagged as a load error; the drawer shows it.
import { act } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { appConfigSchema } from '../../src/model/index.ts';
import { LayerList } from '../../src/screens/LayerList.tsx';
import { useMapStore } from '../../src/state/map_store.ts';
import { findByTestId, render, shellConfig, unmount } from './shell_harness.tsx';

afterEach(unmount);

describe('layer list', () => {
  it('flags a base map whose tiles failed to load', async () => {
    const config = appConfigSchema.parse({
      ...shellConfig(inject('apiBase')),
      baseLayersConfig: [{ id: 'osm', name: 'OpenStreetMap', type: 'xyz', url: 'https://tile.example/{z}/{x}/{y}.png' }],
    });
    await render(<LayerList config={config} />);
    const row = await findByTestId('base-layer-osm');
    expect(row.textContent).toContain('OpenStreetMap');
    expect(row.textContent).not.toContain('Tiles could not be loaded');

    await act(async () => useMapStore.getState().flagLayer('osm', 'loadError'));
    expect(row.textContent).toContain('Tiles could not be loaded');
  });
});
