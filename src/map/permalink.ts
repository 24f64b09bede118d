// Issue 19: the map position and the selected feature live in the address, so a link opens the same
// view (a permalink) and a link to a feature opens its prompt. The hash holds them, as OSM does:
// `#map=<zoom>/<lat>/<lon>` and `&feature=<layerId>/<gfid>`. Pure parse/format; use_permalink.ts
// applies them. The hash, not the query, so the SPEC §2 query parameters stay untouched.

export interface MapPosition {
  zoom: number;
  lon: number;
  lat: number;
}

export interface Permalink {
  position?: MapPosition;
  feature?: { layerId: string; gfid: number };
}

const finite = (s: string | undefined) => (s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : undefined);

/** Whether `hash` is empty or a permalink only: another hash (e.g. an app key, SPEC §2) is never overwritten. */
export function isPermalinkHash(hash: string): boolean {
  const body = hash.replace(/^#/, '');
  if (!body) return true;
  return [...new URLSearchParams(body).keys()].every((k) => k === 'map' || k === 'feature');
}

/** Reads `#map=z/lat/lon&feature=layer/gfid`; anything malformed or out of range is left out. */
export function parsePermalink(hash: string): Permalink {
  const q = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const out: Permalink = {};
  const [z, lat, lon] = (q.get('map') ?? '').split('/');
  const zoom = finite(z);
  const la = finite(lat);
  const lo = finite(lon);
  if (
    zoom !== undefined &&
    la !== undefined &&
    lo !== undefined &&
    zoom >= 0 &&
    zoom <= 28 &&
    Math.abs(la) <= 85.06 &&
    Math.abs(lo) <= 180
  ) {
    out.position = { zoom, lat: la, lon: lo };
  }
  const feature = q.get('feature');
  const cut = feature?.lastIndexOf('/') ?? -1;
  if (feature && cut > 0) {
    const gfid = finite(feature.slice(cut + 1));
    if (gfid !== undefined && Number.isInteger(gfid)) out.feature = { layerId: feature.slice(0, cut), gfid };
  }
  return out;
}

/** The hash for a position (zoom 2 decimals, coordinates 5: about a metre) and an optional feature. */
export function formatPermalink({ position, feature }: Permalink): string {
  const parts: string[] = [];
  if (position) parts.push(`map=${position.zoom.toFixed(2)}/${position.lat.toFixed(5)}/${position.lon.toFixed(5)}`);
  if (feature) parts.push(`feature=${encodeURIComponent(feature.layerId)}/${feature.gfid}`);
  return parts.length ? `#${parts.join('&')}` : '';
}

export interface CoalescedWrite {
  /** Asks for a write: one runs, in a task of its own, for any number of requests made before it. */
  request(): void;
  /** Writes now; a write requested before is then not made again. */
  flush(): void;
}

/**
 * Issue 17: the address is rewritten after a move in a task of its own, once for a burst of moves
 * (a drag, then wheel notches), not inside the frame that ended the move, where the browser's
 * history update added to the longest task of a pan. `schedule` runs its callback later (an idle
 * callback in the app).
 */
export function coalescedWrite(write: () => void, schedule: (run: () => void) => void): CoalescedWrite {
  let pending = false;
  return {
    request() {
      if (pending) return;
      pending = true;
      schedule(() => {
        if (!pending) return;
        pending = false;
        write();
      });
    },
    flush() {
      pending = false;
      write();
    },
  };
}
