// Issue 17: a tap's first frame is the feature prompt's sheet with its title. The tapped feature's
// request (SPEC §7 GET features/{gfid}) leaves once that frame is painted, not in the task that shows
// the sheet, and its properties follow; the prompt takes the focus then too, and an Escape pressed
// before that closes it all the same.
import { act } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { FeaturePrompt } from '../../src/features/FeaturePrompt.tsx';
import { useSelection } from '../../src/state/selection_store.ts';
import { byTestId, findByTestId, unmount } from './shell_harness.tsx';
import { USER, api, featureConfig, renderFeatures, signIn, ui } from './features_harness.tsx';

const apiBase = inject('apiBase');
const realFetch = globalThis.fetch;

afterEach(async () => {
  globalThis.fetch = realFetch;
  useSelection.getState().clear();
  await unmount();
});

const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('opening the feature prompt', () => {
  it('shows the sheet first and requests the feature once it is painted', async () => {
    await signIn(apiBase, USER);
    const city = (
      await api<{ features: { id: number; properties: { name: string } }[] }>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)
    ).features[0]!;
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <FeaturePrompt />);
    const requested: string[] = [];
    globalThis.fetch = (input, init) => {
      requested.push(String(input instanceof Request ? input.url : input));
      return realFetch(input, init);
    };
    const ofFeature = () => requested.filter((url) => new URL(url).pathname.endsWith(`/features/${city.id}`));

    // As a tap does: the selection changes outside any React event, and React renders it (and runs
    // its effects) in that same task.
    flushSync(() => useSelection.getState().select([{ layerId: 'cities', gfid: city.id }]));
    expect(byTestId('feature-prompt')).not.toBeNull();
    expect(ofFeature()).toEqual([]);

    await painted();
    expect(ofFeature()).toHaveLength(1);
    await findByTestId('value-name');
    expect(byTestId('value-name')!.textContent).toBe(city.properties.name);
  });

  it('takes the focus once its first frame is painted, and closes on an Escape pressed before that', async () => {
    await signIn(apiBase, USER);
    const gfid = (await api<{ features: { id: number }[] }>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)).features[0]!.id;
    await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <FeaturePrompt />);
    const prompt = () => byTestId('feature-prompt');

    flushSync(() => useSelection.getState().select([{ layerId: 'cities', gfid }]));
    expect(prompt()!.contains(document.activeElement)).toBe(false);
    await painted();
    expect(document.activeElement).toBe(prompt());
    // Closed with Escape from inside, as a card closes.
    act(() => prompt()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(prompt()).toBeNull();

    // Opened again, Escape comes before the focus has moved in: from the page's body.
    flushSync(() => useSelection.getState().select([{ layerId: 'cities', gfid }]));
    expect(prompt()).not.toBeNull();
    act(() => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(prompt()).toBeNull();
    expect(useSelection.getState().selected).toBeNull();
    await painted();
    expect(prompt()).toBeNull();
  });
});
