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
    ...extra,
  ];
}
