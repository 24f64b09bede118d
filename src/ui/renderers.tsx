// One small renderer per SPEC §3 property type. Values come from the server as JSON; the only HTML
// shown is EDITOR rich text after rich_text.ts has cut it to its allow-list, and links only follow
// http(s), mailto or relative addresses.
import type { FC } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyDefinition, PropertyType } from '../model/index.ts';
import { formatDate } from './format_date.ts';
import { useFeatureUi } from './context.ts';
import { safeUrl } from './safe_url.ts';
import { sanitizeRichText } from './rich_text.ts';
import { useRendererStyles } from './property_styles.ts';
import { formatNumberValue } from './number_format.ts';
import { useOutdoor } from '../state/outdoor_store.ts';

export interface RendererProps {
  value: unknown;
  def: PropertyDefinition;
}

const text = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

const Text: FC<RendererProps> = ({ value }) => <span>{text(value)}</span>;
const NumberR: FC<RendererProps> = ({ value, def }) => {
  const { i18n } = useTranslation();
  return <span>{formatNumberValue(value, def, i18n.language.replace('_', '-'))}</span>;
};
const BooleanR: FC<RendererProps> = ({ value }) => {
  const { t } = useTranslation();
  return <span>{value === true || value === 'true' ? t('features.yes') : t('features.no')}</span>;
};
const DateR: FC<RendererProps> = ({ value }) => {
  const { i18n } = useTranslation();
  const { timeZone, timeFormat } = useFeatureUi();
  return <time dateTime={text(value)}>{formatDate(value, { locale: i18n.language, timeZone, timeFormat })}</time>;
};
const Link: FC<RendererProps & { href?: string }> = ({ value, href }) =>
  href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text(value)}
    </a>
  ) : (
    <span>{text(value)}</span>
  );
const UrlR: FC<RendererProps> = (p) => <Link {...p} href={safeUrl(p.value)} />;
const PdfR: FC<RendererProps> = (p) => <Link {...p} href={safeUrl(p.value)} />;
const EmailR: FC<RendererProps> = (p) => <Link {...p} href={p.value ? `mailto:${text(p.value)}` : undefined} />;
const ImageR: FC<RendererProps> = ({ value, def }) => {
  const styles = useRendererStyles();
  // SPEC §4 outdoor mode: images are not loaded automatically; the link opens one on a tap.
  const outdoor = useOutdoor((s) => s.on);
  const src = safeUrl(value);
  if (!src) return null;
  if (outdoor) return <Link value={def.label ?? def.name} def={def} href={src} />;
  return <img src={src} alt={def.label ?? def.name} className={styles.image} />;
};
const GeometryR: FC<RendererProps> = ({ value }) => {
  const { t } = useTranslation();
  const g = value as { type?: string; coordinates?: unknown } | null;
  // A point reads as a place (issue 19): "47.37689° N, 8.54169° E", the hemispheres in the UI's language.
  if (g?.type === 'Point' && Array.isArray(g.coordinates) && g.coordinates.length >= 2) {
    const [lon, lat] = g.coordinates as number[];
    return (
      <span>
        {t('features.place', {
          lat: Math.abs(lat).toFixed(5),
          northSouth: t(lat < 0 ? 'features.south' : 'features.north'),
          lon: Math.abs(lon).toFixed(5),
          eastWest: t(lon < 0 ? 'features.west' : 'features.east'),
        })}
      </span>
    );
  }
  return <span>{geometrySummary(value)}</span>;
};
const ObjectR: FC<RendererProps> = ({ value }) => {
  const styles = useRendererStyles();
  const obj = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return (
    <dl className={styles.object}>
      {Object.entries(obj).map(([k, v]) => [
        <dt key={`k-${k}`}>{k}</dt>,
        <dd key={`v-${k}`} className={styles.objectValue}>
          {text(v)}
        </dd>,
      ])}
    </dl>
  );
};
const ColorR: FC<RendererProps> = ({ value }) => {
  const styles = useRendererStyles();
  return (
    <span className={styles.color}>
      {/* The swatch is the value itself: the one style that cannot be a class. */}
      <span data-swatch className={styles.swatch} style={{ background: text(value) }} />
      {text(value)}
    </span>
  );
};
const OptionsR: FC<RendererProps> = ({ value, def }) => <span>{optionLabel(def, value)}</span>;
const EditorR: FC<RendererProps> = ({ value }) => (
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to an allow-list first (rich_text.ts): formatting and safe links only, nothing that runs or loads
  <div data-rich-text dangerouslySetInnerHTML={{ __html: sanitizeRichText(value) }} />
);
const TagsR: FC<RendererProps> = ({ value }) => {
  const styles = useRendererStyles();
  return (
    <span className={styles.chips}>
      {(Array.isArray(value) ? value : text(value).split(',').filter(Boolean)).map((tag, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a value's tags may repeat and are shown, never reordered
        <span key={i} data-chip className={styles.chip}>
          {text(tag).trim()}
        </span>
      ))}
    </span>
  );
};

export function optionLabel(def: PropertyDefinition, value: unknown): string {
  const opt = def.options?.find((o) => (typeof o === 'string' ? o : String(o.value)) === String(value));
  return opt === undefined ? text(value) : typeof opt === 'string' ? opt : (opt.label ?? String(opt.value));
}

export function geometrySummary(value: unknown): string {
  const g = value as { type?: string; coordinates?: unknown } | null;
  if (!g?.type) return text(value);
  if (g.type === 'Point' && Array.isArray(g.coordinates))
    return `Point (${(g.coordinates as number[])
      .slice(0, 2)
      .map((c) => c.toFixed(5))
      .join(', ')})`;
  const flat = JSON.stringify(g.coordinates ?? []).match(/\[-?[\d.e+-]+,-?[\d.e+-]+/g)?.length ?? 0;
  return `${g.type} (${flat} vertices)`;
}

export const RENDERERS: Record<PropertyType, FC<RendererProps>> = {
  TEXT: Text,
  NUMBER: NumberR,
  BOOLEAN: BooleanR,
  DATE: DateR,
  URL: UrlR,
  IMAGE: ImageR,
  PDF: PdfR,
  EMAIL: EmailR,
  GEOMETRY: GeometryR,
  OBJECT: ObjectR,
  COLOR: ColorR,
  OPTIONS: OptionsR,
  EDITOR: EditorR,
  TAGS: TagsR,
};

export function PropertyValue({ value, def }: RendererProps) {
  const R = RENDERERS[def.type] ?? Text;
  return <R value={value} def={def} />;
}
