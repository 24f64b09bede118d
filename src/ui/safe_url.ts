// Addresses the app may link to or load: none that can run script (SPEC §8 security, DESIGN.md).

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * The address as the browser will read it (WHATWG URL parsing): tabs and newlines anywhere dropped,
 * leading and trailing controls and spaces cut, so `java&#9;script:` is `javascript:` (issue 16).
 * Null when another control character is left: it has no place in an address.
 */
function asBrowserReads(value: unknown): string | null {
  const chars = [...String(value ?? '')].filter((c) => c !== '\t' && c !== '\n' && c !== '\r');
  const blank = (c: string) => c === ' ' || isControl(c);
  while (chars.length && blank(chars[0])) chars.shift();
  while (chars.length && blank(chars[chars.length - 1])) chars.pop();
  return chars.some(isControl) ? null : chars.join('');
}

/** Only addresses that cannot run script: http(s), mailto, data:image and relative paths. */
export function safeUrl(value: unknown): string | undefined {
  const s = asBrowserReads(value);
  if (!s) return undefined;
  if (/^(https?:|mailto:)/i.test(s) || /^data:image\//i.test(s) || /^[/.?#]/.test(s)) return s;
  return /^[a-z][a-z0-9+.-]*:/i.test(s) ? undefined : s;
}
