// SPEC §2 persistent notifications (new version → refresh; offline) and the SPEC §1 update
// mechanism that clears the service worker registrations and every cache.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { act } from 'react';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { loadApp } from '../../src/config/use_app_config.ts';
import { pingServer } from '../../src/pwa/connectivity.ts';
import { PwaNotices } from '../../src/pwa/PwaNotices.tsx';
import { clearServiceWorkerAndCaches, refreshToNewVersion, usePwaStore } from '../../src/pwa/register_sw.ts';
import { byTestId, findByTestId, render, unmount } from './shell_harness.tsx';

const desc = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;

function setOnline(online: boolean) {
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(async () => {
  Object.defineProperty(Navigator.prototype, 'onLine', desc);
  usePwaStore.setState({ updateAvailable: false });
  await unmount();
});

describe('PWA notices', () => {
  it('shows the offline notice while offline and removes it when back online', async () => {
    await render(<PwaNotices />);
    expect(byTestId('offline-notice')).toBeNull();
    act(() => setOnline(false));
    expect((await findByTestId('offline-notice')).textContent).toContain('You are offline');
    act(() => setOnline(true));
    await expect.poll(() => byTestId('offline-notice')).toBeNull();
  });

  it("stays while the server is down although the phone is online; an app configuration's answer does not end it", async () => {
    await render(<PwaNotices />);
    await act(async () => void (await pingServer('http://127.0.0.1:9')));
    expect((await findByTestId('offline-notice')).textContent).toContain('You are offline');
    // With the server down, the service worker answers the configuration from its cache: a 200 that
    // says nothing about the server (here the real server answers in its place).
    await act(async () => void (await loadApp(DEMO_APP_KEY, { apiBase: inject('apiBase') })));
    expect(byTestId('offline-notice')).not.toBeNull();
    // The ping answers: the server is back.
    await act(async () => void (await pingServer(inject('apiBase'))));
    await expect.poll(() => byTestId('offline-notice')).toBeNull();
  });

  it('offers a refresh when a new version waits', async () => {
    await render(<PwaNotices />);
    act(() => usePwaStore.setState({ updateAvailable: true }));
    expect((await findByTestId('update-notice')).textContent).toContain('A new version was found');
    expect(byTestId('update-refresh')).not.toBeNull();
  });

  it('clears every cache before reloading to the new version', async () => {
    await (await caches.open('mapdraft-test-cache')).put('/x', new Response('x'));
    expect(await caches.has('mapdraft-test-cache')).toBe(true);
    let reloaded = false;
    await refreshToNewVersion(() => (reloaded = true));
    expect(reloaded).toBe(true);
    expect(await caches.keys()).toEqual([]);
    await expect(clearServiceWorkerAndCaches()).resolves.toBeUndefined();
  });
});
