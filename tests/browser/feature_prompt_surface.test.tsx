// Issue 17: the first tap on a feature mounted the prompt's surface (its boundaries, the prompt's hooks
// and its queries' observers) in the task that showed the sheet. When it is told to (in the app: the
// page idle after the lazy chunks, once the features are drawn), the surface is mounted ahead, showing
// nothing; a tap then only updates it, and the prompt opens and closes as before.
import { act } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { featureKey } from '../../src/api/suggestions.ts';
import { FeaturePromptSurface } from '../../src/screens/FeaturePromptSurface.tsx';
import type { IdleSchedule } from '../../src/screens/after_chunks.ts';
import { useSelection } from '../../src/state/selection_store.ts';
import { byTestId, findByTestId, unmount } from './shell_harness.tsx';
import { USER, api, featureConfig, renderFeatures, signIn, ui } from './features_harness.tsx';

const apiBase = inject('apiBase');

afterEach(async () => {
  useSelection.getState().clear();
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

describe('the feature prompt surface', () => {
  it('is mounted ahead when told to, showing nothing, and a tap opens the prompt', async () => {
    await signIn(apiBase, USER);
    const city = (
      await api<{ features: { id: number; properties: { name: string } }[] }>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)
    ).features[0]!;
    let go: (() => void) | undefined;
    const when: IdleSchedule = (start) => {
      go = start;
      return () => undefined;
    };
    await renderFeatures(
      ui(apiBase, featureConfig(apiBase), false),
      <>
        <ClientProbe />
        <FeaturePromptSurface when={when} />
      </>,
    );
    // Not before (in the app: while the first screen is still drawing).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mountedPrompts()).toBe(0);

    go?.();
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
