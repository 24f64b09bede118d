// Issue 17: the app configuration's answer re-renders the whole shell (its theme, title and layers).
// `useShellConfig` hands the answers on as one deferred value: React renders them in slices the
// browser can run other work between (the map's frames, the data worker's messages), not as one long
// task of the open; and a component never sees the address's app key beside another app's answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memo } from 'react';
import { create } from 'zustand';
import { useShellConfig } from '../../src/screens/use_shell_config.ts';
import { byTestId, outsideAct, render, shellConfig, unmount } from './shell_harness.tsx';

const KEY_A = 'a'.repeat(32);
const KEY_B = 'b'.repeat(32);
const appName = (key: string) => `App ${key[0]}`;

/** The server's answer for each key waits until the test lets it go. */
let release: Map<string, () => void>;
const answered = (key: string) => new Promise<void>((resolve) => release.set(key, resolve));

beforeEach(() => {
  release = new Map();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const key = url.pathname.endsWith('/apps') ? url.searchParams.get('appkey') : null;
    if (!key) return new Response('', { status: 404 }); // no local configuration files
    await answered(key);
    return Response.json({ appKey: key, activated: true, isPublicApp: true, config: { ...shellConfig(''), appName: appName(key) } });
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await unmount();
});

const useAddress = create<{ appKey: string }>(() => ({ appKey: KEY_A }));

interface Seen {
  appKey: string;
  appName: string;
  serverAppName: string | undefined;
  ready: boolean;
}

function Probe({ seen }: { seen: Seen[] }) {
  const appKey = useAddress((s) => s.appKey);
  const shell = useShellConfig(appKey);
  seen.push({ appKey, appName: shell.config.appName, serverAppName: shell.serverConfig?.appName, ready: shell.ready });
  return <div data-testid="probe">{shell.ready ? shell.config.appName : 'waiting'}</div>;
}

const PART_IDS = Array.from({ length: 20 }, (_, i) => `part-${i}`);

const shown = () => byTestId('probe')?.textContent;

describe("the app configuration's answer in the shell", () => {
  it('never shows one app key beside another app’s answer when the address changes app', async () => {
    useAddress.setState({ appKey: KEY_A });
    const seen: Seen[] = [];
    await render(<Probe seen={seen} />);
    await outsideAct(async () => {
      await expect.poll(() => release.has(KEY_A)).toBe(true);
      release.get(KEY_A)!();
      await expect.poll(shown).toBe(appName(KEY_A));

      useAddress.setState({ appKey: KEY_B });
      await expect.poll(() => release.has(KEY_B)).toBe(true);
      expect(shown(), "while B's answer is awaited").toBe('waiting');
      release.get(KEY_B)!();
      await expect.poll(shown).toBe(appName(KEY_B));
    });

    const mixed = seen.filter(
      (s) =>
        s.appKey === KEY_B &&
        (s.appName === appName(KEY_A) || s.serverAppName === appName(KEY_A) || (s.ready && s.appName !== appName(KEY_B))),
    );
    expect(mixed).toEqual([]);
  });

  it('renders the answer in slices: other work runs before every part of the shell has taken it', async () => {
    useAddress.setState({ appKey: KEY_A });
    const parts = PART_IDS.length;
    let partsWithAnswer = 0;
    let partsWhenOtherWorkRan: number | undefined;
    // A part of the shell that takes 8 ms to render (Fluent's styled components on a slow phone).
    const Part = memo(function Part({ name }: { name: string }) {
      const start = performance.now();
      while (performance.now() - start < 8) {
        // rendering
      }
      if (name === appName(KEY_A) && ++partsWithAnswer === 1) {
        // Other work asked for as the first part takes the answer: it runs once the browser gets a turn.
        const other = new MessageChannel();
        other.port1.onmessage = () => {
          partsWhenOtherWorkRan = partsWithAnswer;
        };
        other.port2.postMessage(null);
      }
      return null;
    });
    function Shell() {
      const shell = useShellConfig(useAddress((s) => s.appKey));
      return (
        <div data-testid="probe">
          {shell.ready ? shell.config.appName : 'waiting'}
          {PART_IDS.map((id) => (
            <Part key={id} name={shell.config.appName} />
          ))}
        </div>
      );
    }
    await render(<Shell />);
    await outsideAct(async () => {
      await expect.poll(() => release.has(KEY_A)).toBe(true);
      release.get(KEY_A)!();
      await expect.poll(shown, { timeout: 10_000 }).toBe(appName(KEY_A));
    });
    expect(partsWithAnswer).toBeGreaterThanOrEqual(parts);
    // In one long task every part would have taken the answer before the other work could run.
    expect(partsWhenOtherWorkRan).toBeLessThan(parts);
  });
});
