// The layer's property definitions (SPEC §3 Property definition): from the app configuration,
// else from GET /api/apps/layers/{id}/featuremodel.
import { useQuery } from '@tanstack/react-query';
import { propertyDefinitionSchema, type Layer, type PropertyDefinition } from '../model/index.ts';
import { fetchFeatureModel } from '../api/suggestions.ts';
import { useFeatureUi } from './context.ts';

export function useLayer(layerId: string | undefined): Layer | undefined {
  const { config } = useFeatureUi();
  return config.layersConfig.find((l) => l.id === layerId);
}

export function useLayerDefs(layerId: string | undefined): PropertyDefinition[] | undefined {
  const { api } = useFeatureUi();
  const layer = useLayer(layerId);
  const fromConfig = layer?.properties.length ? layer.properties : undefined;
  const model = useQuery({
    queryKey: ['featuremodel', layerId],
    enabled: !!layerId && !fromConfig,
    queryFn: ({ signal }) => fetchFeatureModel(api, layerId!, signal),
    staleTime: Infinity,
  });
  if (fromConfig) return fromConfig;
  if (!model.data) return model.isError ? [] : undefined;
  return model.data.properties.map((p) => propertyDefinitionSchema.parse(p));
}
