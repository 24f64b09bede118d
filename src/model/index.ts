// Public surface of the shared model (CONTRACT.md): server, client and workers import from here only.
export * from './constants.ts';
export * from './errors.ts';

export * from './entities/common.ts';
export * from './entities/property_definition.ts';
export * from './entities/layer.ts';
export * from './entities/app_config.ts';
export * from './entities/settings.ts';
export * from './entities/app_record.ts';
export * from './entities/feature.ts';
export * from './entities/map_view_config.ts';
export * from './entities/user.ts';
export * from './entities/invoice_address.ts';
export * from './entities/create_app.ts';
export * from './entities/attachments.ts';
export * from './entities/route.ts';
export * from './entities/layer_import.ts';
export * from './entities/local_layer.ts';
export * from './entities/manifest.ts';
export * from './entities/workspace.ts';
export * from './entities/wire.ts';

export * from './rules/result.ts';
export * from './rules/files.ts';
export * from './rules/image_bytes.ts';
export * from './rules/color.ts';
export * from './rules/workspace.ts';
export * from './rules/points.ts';
export * from './rules/locale.ts';
export * from './rules/app.ts';
export * from './rules/layers.ts';
export * from './rules/attachments.ts';
export * from './rules/feature_changes.ts';
export * from './rules/route.ts';
export * from './rules/geolocation.ts';
export * from './rules/outbox.ts';
export * from './rules/tracks.ts';
