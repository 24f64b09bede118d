// Issue 17: a lazily loaded surface (src/config/LazySurface.tsx + lazyNamed): not fetched before it
// first opens, drawn at once when its chunk was prefetched, and a chunk that fails shows the red
// notification, closes the surface and leaves the rest of the screen; the next opening loads it again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, type ComponentType } from 'react';
import { create } from 'zustand';
import { ERRORS } from '../../src/model/index.ts';
import { lazyNamed } from '../../src/config/lazy.ts';
import { LazySurface } from '../../src/config/LazySurface.tsx';
import { Notifier } from '../../src/screens/Notifier.tsx';
import { byTestId, findByTestId, render, unmount, waitForText } from './shell_harness.tsx';

afterEach(unmount);

const useOpen = create<{ open: boolean }>(() => ({ open: false }));
const close = () => useOpen.setState({ open: false });

function Sheet() {
  return <div data-testid="sheet">The sheet</div>;
}

function Screen({ Lazy }: { Lazy: ComponentType }) {
  const open = useOpen((s) => s.open);
  return (
    <>
      <Notifier />
      <div data-testid="map">The map</div>
      <LazySurface open={open} onFailed={close}>
        <Lazy />
      </LazySurface>
    </>
  );
}

describe('a lazy surface', () => {
  it('fetches nothing before it opens, then shows its content', async () => {
    const load = vi.fn(async () => ({ Sheet }));
    const Lazy = lazyNamed(load, 'Sheet');
    close();
    await render(<Screen Lazy={Lazy} />);
    expect(load).not.toHaveBeenCalled();
    act(() => useOpen.setState({ open: true }));
    expect((await findByTestId('sheet')).textContent).toBe('The sheet');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws a prefetched chunk in the same render as the tap that opens it', async () => {
    const Lazy = lazyNamed(async () => ({ Sheet }), 'Sheet');
    await Lazy.preload();
    close();
    await render(<Screen Lazy={Lazy} />);
    act(() => useOpen.setState({ open: true }));
    expect(byTestId('sheet')).not.toBeNull();
  });

  it('shows the red notification when its chunk fails, keeps the screen, and loads it again on the next opening', async () => {
    // The network is down until the second opening.
    let reachable = false;
    const load = vi.fn(async () => {
      if (!reachable) throw new TypeError('Failed to fetch dynamically imported module');
      return { Sheet };
    });
    const Lazy = lazyNamed(load, 'Sheet');
    close();
    await render(<Screen Lazy={Lazy} />);
    act(() => useOpen.setState({ open: true }));
    await waitForText(ERRORS.CHUNK_LOAD_FAILED);
    await vi.waitFor(() => expect(useOpen.getState().open).toBe(false));
    expect(byTestId('map')?.textContent).toBe('The map');
    expect(byTestId('sheet')).toBeNull();
    reachable = true;
    act(() => useOpen.setState({ open: true }));
    expect((await findByTestId('sheet')).textContent).toBe('The sheet');
  });
});
