// An attachment's file (image, PDF) as an object URL: fetched with the session header, which cannot
// ride on an <img src>, and revoked when the component goes or the path changes.
import { useEffect, useState } from 'react';
import { fetchBlob, type ApiCtx } from '../api/suggestions.ts';

/** `path` null: nothing to fetch (yet). */
export function useBlobUrl(api: ApiCtx, path: string | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!path) return;
    let live = true;
    let made: string | undefined;
    fetchBlob(api, path)
      .then((b) => {
        if (live) setUrl((made = URL.createObjectURL(b)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
      setUrl(undefined);
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, path]);
  return url;
}
