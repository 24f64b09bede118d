// Credits the data licences ask for (issue 15, "Attribution"): OpenStreetMap's tiles with a link to
// its copyright page (ODbL), Natural Earth (public domain, credit asked), GeoNames' places (the demo
// cities, CC BY 4.0). The map's attribution control shows them as HTML; the About page lists them.
import i18n from 'i18next';
import type { BaseLayer as BaseLayerConfig } from '../model/index.ts';

export type CreditId = 'osm' | 'naturalEarth' | 'geonames';

export interface DataCredit {
  id: CreditId;
  name: string;
  url: string;
  /** The licence's name; a translation key instead when the name is words (`licenceKey`). */
  licence: string;
  licenceKey?: string;
  licenceUrl: string;
}

export const DATA_CREDITS: readonly DataCredit[] = [
  {
    id: 'osm',
    name: 'OpenStreetMap',
    url: 'https://www.openstreetmap.org/copyright',
    licence: 'ODbL',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/',
  },
  {
    id: 'naturalEarth',
    name: 'Natural Earth',
    url: 'https://www.naturalearthdata.com/',
    licence: 'Public domain',
    licenceKey: 'credits.publicDomain',
    licenceUrl: 'https://www.naturalearthdata.com/about/terms-of-use/',
  },
  {
    id: 'geonames',
    name: 'GeoNames',
    url: 'https://www.geonames.org/',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  },
];

const credit = (id: CreditId) => DATA_CREDITS.find((c) => c.id === id)!;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const link = (href: string, text: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer">${escapeHtml(text)}</a>`;

/** The credit as the map's attribution line (HTML, in the current language). */
export function attributionHtml(id: CreditId): string {
  const c = credit(id);
  if (id === 'osm') return `© ${link(c.url, c.name)} ${escapeHtml(i18n.t('credits.contributors'))}`;
  if (id === 'geonames') return `${link(c.url, c.name)} (${link(c.licenceUrl, c.licence)})`;
  return link(c.url, c.name);
}

/**
 * A configured base map's attribution: OpenStreetMap tiles get the credit OSM asks for, whatever the
 * configuration says; another text is shown as written (escaped: configuration is not markup).
 */
export function baseLayerAttributions(cfg: BaseLayerConfig): (() => string[]) | undefined {
  const osm = /openstreetmap\.(org|fr|de)/i.test(cfg.url) || /openstreetmap/i.test(cfg.attribution ?? '');
  if (osm) return () => [attributionHtml('osm')];
  if (/natural\s*earth/i.test(cfg.attribution ?? '')) return () => [attributionHtml('naturalEarth')];
  return cfg.attribution ? () => [escapeHtml(cfg.attribution!)] : undefined;
}
