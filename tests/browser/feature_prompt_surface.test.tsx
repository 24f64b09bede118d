// Issue 17: the first tap on a feature mounted the prompt's surface (its boundaries, the prompt's hooks
// and its queries' observers) in the task that showed the sheet. Once the features are drawn and the
// page is idle after the lazy chunks, the surface is mounted ahead, showing nothing; a tap then only
// updates it, and the prompt opens and closes as before.
import { act } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { featureKey } from '../../src/api/suggestions.ts';
import { FEATURES_DRAWN_MARK } from '../../src/map/layer_session.ts';
import { FeaturePromptSurface } from '../../src/screens/FeaturePromptSurface.tsx';
import { useSelection } from '../../src/state/selection_store.ts';
import { byTestId, findByTestId, unmount } from './shell_harness.tsx';
import { USER, api, featureConfig, renderFeatures, signIn, ui } from './features_harness.tsx';

const apiBase = inject('apiBase');

afterEach(async () => {
  useSelection.getState().clear();
  performance.clearMarks(FEATURES_DRAWN_MARK);
  await unmount();
});

let client: QueryClient | undefined;
function ClientProbe() {
  client = useQueryClient();
  return null;
}

/** The prompt's own feature query while nothing is selected: it exists once the prompt is mounted. */
const mountedPrompts = () =>
  client
    ?.getQueryCache()
    .find({ queryKey: featureKey(0) })
    ?.getObserversCount() ?? 0;
const idle = () => new Promise<void>((resolve) => requestIdleCallback(() => resolve()));

describe('the feature prompt surface', () => {
  it('is mounted ahead once the features are drawn and the page is idle, and a tap opens the prompt', async () => {
    await signIn(apiBase, USER);
    const city = (
      await api<{ features: { id: number; properties: { name: string } }[] }>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)
    ).features[0]!;
    await renderFeatures(
      ui(apiBase, featureConfig(apiBase), false),
      <>
        <ClientProbe />
        <FeaturePromptSurface />
      </>,
    );
    // Not while the first screen is still drawing.
    for (let i = 0; i < 3; i++) await idle();
    expect(mountedPrompts()).toBe(0);

    performance.mark(FEATURES_DRAWN_MARK);
    await vi.waitFor(() => expect(mountedPrompts()).toBe(1), { timeout: 10_000 });
    expect(byTestId('feature-prompt')).toBeNull();

    // A tap: the selection changes outside any React event, and the sheet shows in that task.
    flushSync(() => useSelection.getState().select([{ layerId: 'cities', gfid: city.id }]));
    expect(byTestId('feature-prompt')).not.toBeNull();
    await findByTestId('value-name');
    expect(byTestId('value-name')!.textContent).toBe(city.properties.name);

    act(() => byTestId('feature-prompt')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(byTestId('feature-prompt')).toBeNull();
    expect(mountedPrompts()).toBe(1);
  });
});
