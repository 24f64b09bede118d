// Computes the route once both ends are set (route_store.ts): with the app config's directions
// service (`routing.url`, SPEC §7) when there is one, else on the device over the layers flagged
// `roads` (the data worker's embedded router, works offline). An older answer never replaces a newer one.
import { useEffect, useMemo } from 'react';
import { routingSettings, type AppConfig } from '../model/index.ts';
import { fetchDirections } from '../api/directions.ts';
import { ServiceError } from '../api/geocoder.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { useRoute } from './route_store.ts';

export function useRouteCompute(config: AppConfig): void {
  const origin = useRoute((s) => s.origin);
  const destination = useRoute((s) => s.destination);
  const routing = useMemo(() => routingSettings(config.routing), [config.routing]);
  const roadLayerIds = config.layersConfig
    .filter((l) => l.roads)
    .map((l) => l.id)
    .join(',');

  useEffect(() => {
    if (!origin || !destination) return;
    const ctl = new AbortController();
    const { start, settle } = useRoute.getState();
    start();
    const answer = routing.url
      ? fetchDirections(routing, origin.at, destination.at, ctl.signal).then(
          (route) => ({ route }),
          (err: unknown) => ({ failure: { kind: 'service' as const, status: err instanceof ServiceError ? err.status : 0 } }),
        )
      : getDataWorker()
          .route({ origin: origin.at, destination: destination.at, roadLayerIds: roadLayerIds ? roadLayerIds.split(',') : [] })
          .then((out) => (out.ok ? { route: out.route } : { failure: { kind: 'noRoute' as const, reason: out.reason } }));
    void answer.then((a) => {
      if (!ctl.signal.aborted) settle(a);
    });
    return () => ctl.abort();
  }, [origin, destination, routing, roadLayerIds]);
}
