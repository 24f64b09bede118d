// SPEC §3 EDITOR values are rich text: HTML written by the rich-text editor (RichTextEditor.tsx) or
// by anyone calling the API. Nothing from the server is trusted, so every value is cut down to a
// small allow-list before it is shown or edited: formatting, lists and links that cannot run script.
import DOMPurify from 'dompurify';
import { safeUrl } from './safe_url.ts';

/** Kept with their children; every attribute is dropped except a safe `href` on links. */
const KEPT = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'S', 'UL', 'OL', 'LI', 'A', 'BLOCKQUOTE', 'H1', 'H2', 'H3']);
/** Dropped with everything inside them; any other element is unwrapped (its text stays). */
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
  'IMG',
  'VIDEO',
  'AUDIO',
  'CANVAS',
  'FORM',
  'INPUT',
  'BUTTON',
  'SELECT',
  'TEXTAREA',
  'LINK',
  'META',
  'HEAD',
  'TITLE',
]);

/** Dropped when nothing is left inside them. */
const EMPTY_DROPPED = new Set(['P', 'H1', 'H2', 'H3', 'BLOCKQUOTE', 'B', 'STRONG', 'I', 'EM', 'U', 'S']);

function clean(from: Node, into: Node, doc: Document): void {
  for (const child of [...from.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const tag = (child as Element).tagName.toUpperCase();
    if (DROPPED.has(tag)) continue;
    if (!KEPT.has(tag)) {
      clean(child, into, doc);
      continue;
    }
    const el = doc.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = safeUrl((child as Element).getAttribute('href'));
      if (href) {
        el.setAttribute('href', href);
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer');
      }
    }
    clean(child, el, doc);
    // A block left empty (the editor leaves <p></p> behind when its text moves into a list) shows nothing.
    if (EMPTY_DROPPED.has(tag) && !el.hasChildNodes()) continue;
    into.appendChild(el);
  }
}

/** The allow-listed HTML of `html` (any value: non-strings become their text). */
export function sanitizeRichText(html: unknown): string {
  // DOMParser documents are inert: no script runs and no image loads while this reads them.
  const source = new DOMParser().parseFromString(typeof html === 'string' ? html : String(html ?? ''), 'text/html');
  const out = document.implementation.createHTMLDocument('');
  clean(source.body, out.body, out);
  // A second, independent pass by DOMPurify over the same allow-list: what one misses, the other cuts.
  return DOMPurify.sanitize(out.body.innerHTML, {
    ALLOWED_TAGS: [...KEPT].map((t) => t.toLowerCase()),
    ALLOWED_ATTR: ['href', 'target', 'rel'],
  });
}
