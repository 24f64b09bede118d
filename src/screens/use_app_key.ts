// The app key the shell runs with (SPEC §2), read from the address held in the location store.
import { DEMO_APP_KEY } from '../model/index.ts';
import { resolveAppKey } from '../api/app_key.ts';
import { useLocationStore } from '../state/location_store.ts';

export function useAppKey(): string {
  const pathname = useLocationStore((s) => s.pathname);
  const search = useLocationStore((s) => s.search);
  const hash = useLocationStore((s) => s.hash);
  return resolveAppKey({ pathname, search, hash }, DEMO_APP_KEY);
}
