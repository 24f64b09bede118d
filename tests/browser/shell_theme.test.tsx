// Issue 17: the shell's theme is made once per set of values it is made of (SPEC §3 colours and font
// size), not once per configuration object: each start-up answer is a new object, most often with the
// same colours, and every theme made is Fluent's whole token set made and turned into CSS text again.
import { afterEach, describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import type { Theme } from '@fluentui/react-components';
import { useShellTheme } from '../../src/config/theme.ts';
import type { AppConfig } from '../../src/model/index.ts';
import { render, shellConfig, unmount } from './shell_harness.tsx';

afterEach(unmount);

describe("the shell's theme", () => {
  it('is the same theme for a new configuration with the same colours, and a new one when a colour changes', async () => {
    const seen: Theme[] = [];
    let show: (config: AppConfig) => void = () => undefined;
    function Probe({ first }: { first: AppConfig }) {
      const [config, setConfig] = useState(first);
      show = setConfig;
      seen.push(useShellTheme(config, 'light', false));
      return null;
    }
    const stored = shellConfig('');
    await render(<Probe first={stored} />);
    // The server's answer: another object, the same values.
    act(() => show(structuredClone(stored)));
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(1);

    act(() => show({ ...stored, primaryColor: '#aa3300' }));
    expect(new Set(seen).size).toBe(2);
    expect(seen.at(-1)!.colorBrandBackground).toBe('#aa3300');
    act(() => show({ ...stored, primaryColor: '#aa3300', fontSize: 20 }));
    expect(new Set(seen).size).toBe(3);
    expect(seen.at(-1)!.fontSizeBase300).toBe('20px');
  });
});
