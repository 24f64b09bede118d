// SPEC §2/§4 outdoor mode in the feature prompt: attachments and images are not loaded until the user
// taps "Load attachments"; without outdoor mode they load as the tab opens. Outdoor mode's switch
// says so each time (SPEC §8 success texts).
import { afterEach, describe, expect, inject, it } from 'vitest';
import { SUCCESS } from '../../src/model/index.ts';
import { FeaturePrompt } from '../../src/features/FeaturePrompt.tsx';
import { PropertyTable } from '../../src/ui/PropertyTable.tsx';
import { useSelection } from '../../src/state/selection_store.ts';
import { setOutdoor, useOutdoor } from '../../src/state/outdoor_store.ts';
import { byTestId, findByTestId, unmount, waitForText } from './shell_harness.tsx';
import { USER, api, click, defs, featureConfig, renderFeatures, signIn, ui } from './features_harness.tsx';

const apiBase = inject('apiBase');

afterEach(async () => {
  useSelection.getState().clear();
  useOutdoor.setState({ on: false });
  await unmount();
});

async function openPromptOnACity(): Promise<void> {
  await signIn(apiBase, USER);
  const gfid = (await api<{ features: { id: number }[] }>(apiBase, '/features?workspace=ws_demo&layer=cities', USER)).features[0]!.id;
  await renderFeatures(ui(apiBase, featureConfig(apiBase), false), <FeaturePrompt />);
  useSelection.getState().select([{ layerId: 'cities', gfid }]);
  await findByTestId('feature-prompt');
}

describe('outdoor mode', () => {
  it('asks before loading attachments and images, per feature', async () => {
    await openPromptOnACity();
    setOutdoor(true);
    await waitForText(SUCCESS.OUTDOOR_MODE_ON);
    await click(await findByTestId('feature-tab-attachments'));
    await findByTestId('load-attachments');
    expect(byTestId('attachments-comments')).toBeNull();
    await click(await findByTestId('feature-tab-images'));
    expect(byTestId('images-tab')).toBeNull();
    await click(byTestId('load-attachments'));
    await findByTestId('images-tab');
    await click(byTestId('feature-tab-attachments'));
    await findByTestId('attachments-comments');
    expect(byTestId('load-attachments')).toBeNull();
  });

  it('loads them as the tab opens when outdoor mode is off, and says so when it is turned off', async () => {
    await openPromptOnACity();
    setOutdoor(true);
    setOutdoor(false);
    await waitForText(SUCCESS.OUTDOOR_MODE_OFF);
    await click(await findByTestId('feature-tab-attachments'));
    await findByTestId('attachments-comments');
    expect(byTestId('load-attachments')).toBeNull();
  });

  it('shows an image property as a link to tap, not a loaded image', async () => {
    useOutdoor.setState({ on: true });
    const photo = `${apiBase}/photo.png`;
    await renderFeatures(
      ui(apiBase, featureConfig(apiBase), false),
      <PropertyTable defs={defs([{ name: 'photo', label: 'Photo', type: 'IMAGE' }])} values={{ photo }} />,
    );
    await waitForText('Photo');
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector(`a[href="${photo}"]`)).not.toBeNull();
  });
});
