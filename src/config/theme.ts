// SPEC §3 app configuration → Fluent theme: a BrandVariants ramp computed from primaryColor,
// createLightTheme / createDarkTheme for the theme mode, fontSize scaling the type ramp, and
// secondary / accent colours on the tokens that carry emphasis. Pure: tests/unit/shell_config.test.ts;
// `useShellTheme` makes it once per set of values (tests/browser/shell_theme.test.tsx).
import { useMemo } from 'react';
import { createDarkTheme, createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';
import { DEFAULT_FILL_COLOR, validateColorType, type AppConfig, type RuleResult } from '../model/index.ts';

type Rgb = [number, number, number];

export function parseHex(color: string): Rgb | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return undefined;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t) as Rgb;
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(parseHex(a)!), luminance(parseHex(b)!)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for body text. */
export const TEXT_CONTRAST = 4.5;

/**
 * The colour nearest `color` that reads on every one of `backgrounds` (WCAG AA, 4.5:1): mixed
 * towards black on light backgrounds, towards white on dark ones, by the smallest step that is
 * enough (issue 19: the demo's orange accent gave links 2.6:1 on white).
 */
export function readableOn(color: string, backgrounds: string[], min = TEXT_CONTRAST): string {
  const base = parseHex(color);
  if (!base || backgrounds.every((bg) => contrastRatio(color, bg) >= min)) return color;
  const dark = luminance(parseHex(backgrounds[0]!)!) < 0.2;
  const target: Rgb = dark ? [255, 255, 255] : [0, 0, 0];
  for (let t = 0.05; t <= 1; t += 0.05) {
    const candidate = toHex(mix(base, target, t));
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= min)) return candidate;
  }
  return toHex(target);
}

const STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

/**
 * Fluent's 16-step brand ramp with the primary colour at step 80 (the light theme's brand
 * background): darker steps mix towards black, lighter ones towards white.
 */
export function brandRamp(primary: string): BrandVariants {
  const base = parseHex(primary) ?? parseHex(DEFAULT_FILL_COLOR)!;
  const ramp: Record<number, string> = {};
  for (const step of STEPS) {
    if (step < 80) ramp[step] = toHex(mix(base, [0, 0, 0], ((80 - step) / 70) * 0.85));
    else if (step === 80) ramp[step] = toHex(base);
    else ramp[step] = toHex(mix(base, [255, 255, 255], ((step - 80) / 80) * 0.92));
  }
  return ramp as unknown as BrandVariants;
}

/** SPEC §5: only the three colour types exist; anything else is 'This type of color is not referenced'. */
export function configColor(config: ThemeValues, type: string): { color?: string; result: RuleResult } {
  const result = validateColorType(type);
  if (!result.ok) return { result };
  return { color: config[type as 'primaryColor' | 'secondaryColor' | 'accentColor'], result };
}

const FONT_TOKENS = [
  'fontSizeBase100',
  'fontSizeBase200',
  'fontSizeBase300',
  'fontSizeBase400',
  'fontSizeBase500',
  'fontSizeBase600',
  'fontSizeHero700',
  'fontSizeHero800',
  'fontSizeHero900',
  'fontSizeHero1000',
] as const;

/** SPEC §4 outdoor mode: text a fifth larger. */
const OUTDOOR_TEXT_SCALE = 1.2;

/** Outdoor mode in the sun: black on white, dark brand and strokes, whatever the theme mode. */
function outdoorContrast(theme: Theme, brand: BrandVariants): void {
  const t = theme as unknown as Record<string, string>;
  for (const token of ['colorNeutralForeground1', 'colorNeutralForeground2', 'colorNeutralForeground3', 'colorNeutralForeground4'])
    t[token] = '#000000';
  for (const token of ['colorNeutralStroke1', 'colorNeutralStroke2', 'colorNeutralStrokeAccessible']) t[token] = '#000000';
  t.colorNeutralBackground1 = '#ffffff';
  t.colorBrandBackground = brand[40];
  t.colorBrandBackgroundHover = brand[30];
  t.colorBrandBackgroundPressed = brand[20];
  t.colorBrandForeground1 = brand[40];
  t.strokeWidthThin = '2px';
}

/** What a theme is made of (SPEC §3): the colours and the font size. */
export type ThemeValues = Pick<AppConfig, 'primaryColor' | 'secondaryColor' | 'accentColor' | 'fontSize'>;

export function buildTheme(config: ThemeValues, mode: 'light' | 'dark', outdoor = false): Theme {
  const brand = brandRamp(config.primaryColor);
  const theme: Theme = mode === 'dark' && !outdoor ? createDarkTheme(brand) : createLightTheme(brand);
  // Fluent's body text is fontSizeBase300 = 14px; config.fontSize rescales the whole ramp.
  const scale = (config.fontSize / 14) * (outdoor ? OUTDOOR_TEXT_SCALE : 1);
  for (const token of FONT_TOKENS) {
    const px = parseFloat(theme[token]);
    if (Number.isFinite(px)) (theme as unknown as Record<string, string>)[token] = `${Math.round(px * scale)}px`;
  }
  const accent = configColor(config, 'accentColor').color;
  const secondary = configColor(config, 'secondaryColor').color;
  if (accent && parseHex(accent)) {
    // Links are text: the accent, darkened (or lightened in dark mode) until it reads on the
    // backgrounds links sit on (the panels and the footer).
    const link = readableOn(accent, [theme.colorNeutralBackground1, theme.colorNeutralBackground2, theme.colorNeutralBackground3]);
    theme.colorBrandForegroundLink = link;
    theme.colorBrandForegroundLinkHover = link;
    theme.colorCompoundBrandStroke = accent;
    theme.colorCompoundBrandBackground = accent;
  }
  if (secondary && parseHex(secondary)) theme.colorBrandStroke1 = secondary;
  // In dark mode the app bar keeps the owner's colour: brand 80 is not the dark theme's default.
  if (mode === 'dark' && !outdoor) theme.colorBrandBackground = brand[80];
  if (outdoor) outdoorContrast(theme, brand);
  return theme;
}

/**
 * The shell's theme, made again only when a value it is made of changes. Each start-up answer (the
 * stored configuration, the local files, the server's) is a new configuration object, most often with
 * the same colours; a new theme object is Fluent's whole token set made again and turned into the
 * provider's CSS-variable text again, and a new value for every component that reads the theme
 * (issue 17: three themes made in every open, reopened visits included).
 */
export function useShellTheme(config: ThemeValues, mode: 'light' | 'dark', outdoor: boolean): Theme {
  const { primaryColor, secondaryColor, accentColor, fontSize } = config;
  return useMemo(
    () => buildTheme({ primaryColor, secondaryColor, accentColor, fontSize }, mode, outdoor),
    [primaryColor, secondaryColor, accentColor, fontSize, mode, outdoor],
  );
}
