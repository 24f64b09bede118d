// Debian's Chromium, launched the way this machine allows (TOOLCHAIN.md "Browser"):
// no sandbox as root, no background networking (the closed network refuses it), WebGL through SwiftShader.
export const CHROMIUM_PATH = process.env.MAPDRAFT_CHROMIUM ?? '/usr/bin/chromium';

export function chromiumArgs(extra: string[] = []): string[] {
  return [
    '--no-sandbox',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    // No preloaded browser UI: desktop Chromium loads its omnibox popup (a WebUI page of ≈ 400 modules)
    // in a renderer of its own beside the pages, again and again: 226–405 ms of CPU in each open of a
    // traced run on the benchmarks' one pinned core (issue 17). Off, it loads once, with the browser's
    // first page. A phone's browser has no such page; tests and benchmarks measure the app.
    '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup',
    ...extra,
  ];
}
