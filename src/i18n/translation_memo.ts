// Issue 17: i18next resolves every t() call from the start (the key split and looked up through the
// language's fallbacks, the plural and interpolation passes), and the shell renders the same labels
// again in every render: an open made 81 calls, 48 of them repeats, most in code not yet compiled, and
// react-i18next's t held the main thread 54–116 ms at 4× (profile_open.ts). A plain lookup — a string
// key with no options but those react-i18next's fixed t adds (the language, the namespace, the key
// prefix) — gives the same text until the language or the resources change, so it is remembered until
// then. Calls with anything else (a count, values to interpolate, a default) are translated as before.
import type { i18n as I18n } from 'i18next';

/** The options react-i18next's fixed t passes on every call; any other makes a call not plain. */
const FIXED_T_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);

function plainOptions(options: unknown): Record<string, unknown> | undefined | false {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object') return false;
  const given = options as Record<string, unknown>;
  for (const name in given) if (given[name] !== undefined && !FIXED_T_OPTIONS.has(name)) return false;
  return given;
}

/** Wraps `i18n.t` (which react-i18next's t calls) with a memo of plain lookups; call once, after init. */
export function rememberPlainTranslations(i18n: I18n): void {
  const texts = new Map<string, string>();
  const forget = () => texts.clear();
  i18n.on('languageChanged', forget);
  i18n.store.on('added', forget);
  i18n.store.on('removed', forget);
  const translate = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown;
  const remembering = (...args: unknown[]): unknown => {
    const [key, options] = args;
    const plain = args.length <= 2 && typeof key === 'string' && plainOptions(options);
    if (plain === false) return translate(...args);
    // The current language counts too: a call that names none is answered in it.
    const id = `${key}\n${i18n.language}\n${plain?.lng ?? ''}\n${plain?.lngs ?? ''}\n${plain?.ns ?? ''}\n${plain?.keyPrefix ?? ''}`;
    const known = texts.get(id);
    if (known !== undefined) return known;
    const text = translate(...args);
    if (typeof text === 'string') texts.set(id, text);
    return text;
  };
  i18n.t = remembering as unknown as I18n['t'];
}
