// The HTML encoding of OGC API – Features (Part 1 §7.15 "Requirements class HTML"): every resource
// that answers JSON also answers a plain page a person can browse, with the same links. No script,
// no outside resource; every value is escaped.

export interface HtmlLink {
  href: string;
  rel: string;
  type?: string;
  title?: string;
}

export interface HtmlPage {
  title: string;
  description?: string;
  /** Facts shown as a definition list (e.g. a collection's extent). */
  facts?: [string, string][];
  /** Rows of a table: the first row is the heading. */
  table?: string[][];
  /** Cells of the table's first column that link somewhere, by row index (1-based, as row 0 is the heading). */
  rowLinks?: Map<number, string>;
  links: HtmlLink[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export function renderHtml(page: HtmlPage): string {
  const e = escapeHtml;
  const facts = page.facts?.length ? `<dl>${page.facts.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join('')}</dl>` : '';
  const table = page.table?.length
    ? `<table><thead><tr>${page.table[0].map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>${page.table
        .slice(1)
        .map((row, i) => {
          const link = page.rowLinks?.get(i + 1);
          const cells = row.map((c, j) => (j === 0 && link ? `<td><a href="${e(link)}">${e(c)}</a></td>` : `<td>${e(c)}</td>`));
          return `<tr>${cells.join('')}</tr>`;
        })
        .join('')}</tbody></table>`
    : '';
  const links = page.links
    .map(
      (l) =>
        `<li><a href="${e(l.href)}" rel="${e(l.rel)}"${l.type ? ` type="${e(l.type)}"` : ''}>${e(l.title ?? l.rel)}</a> <small>(${e(l.rel)})</small></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(page.title)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#222}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}dt{font-weight:600}</style>
</head><body><h1>${e(page.title)}</h1>${page.description ? `<p>${e(page.description)}</p>` : ''}${facts}<ul>${links}</ul>${table}</body></html>`;
}
