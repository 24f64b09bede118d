// Addresses the app may link to or load: none that can run script (SPEC §8 security, DESIGN.md).

/** Only addresses that cannot run script: http(s), mailto, data:image and relative paths. */
export function safeUrl(value: unknown): string | undefined {
  const s = String(value ?? '').trim();
  if (!s) return undefined;
  if (/^(https?:|mailto:)/i.test(s) || /^data:image\//i.test(s) || /^[/.?#]/.test(s)) return s;
  return /^[a-z][a-z0-9+.-]*:/i.test(s) ? undefined : s;
}
