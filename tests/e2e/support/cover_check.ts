// The touch-target journeys' check that a control is under nothing else: its centre and its corners
// (3 px in) hit-test to it. Installed in the page once (`await page.evaluate(installCoverCheck)`),
// then called inside the journeys' own page.evaluate as `window.__coveredAt(control)`.
declare global {
  interface Window {
    /** What covers `control` and where (`under <testid or tag.class> at x,y`), or null when nothing does. */
    __coveredAt?: (control: Element) => string | null;
  }
}

/** Runs in the page (serialised by page.evaluate): everything it uses is defined inside it. */
export function installCoverCheck(): void {
  const nameOf = (el: Element | null) =>
    !el
      ? 'nothing (off the screen)'
      : (el.closest('[data-testid]')?.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()}.${el.className}`);
  window.__coveredAt = (control) => {
    const r = control.getBoundingClientRect();
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 3, r.top + 3],
      [r.right - 3, r.top + 3],
      [r.left + 3, r.bottom - 3],
      [r.right - 3, r.bottom - 3],
    ] as const;
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !control.contains(hit)) return `under ${nameOf(hit)} at ${Math.round(x)},${Math.round(y)}`;
    }
    return null;
  };
}
