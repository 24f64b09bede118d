// SPEC §2 feature-properties prompt: the properties in a table, each shown by its type.
import { Table, TableBody, TableCell, TableRow } from '@fluentui/react-components';
import type { PropertyDefinition } from '../model/index.ts';
import { PropertyValue } from './renderers.tsx';
import { usePropertyTableStyles } from './property_styles.ts';

export function PropertyTable({
  defs,
  values,
  highlight,
}: {
  defs: PropertyDefinition[];
  values: Record<string, unknown>;
  /** Names to mark as changed (SPEC §2 comparison). */
  highlight?: ReadonlySet<string>;
}) {
  const styles = usePropertyTableStyles();
  return (
    <Table size="small" data-testid="property-table">
      <TableBody>
        {defs
          .filter((d) => d.show)
          .map((def) => (
            <TableRow
              key={def.name}
              data-property={def.name}
              data-type={def.type}
              data-changed={highlight?.has(def.name) ? 'true' : undefined}
              className={highlight?.has(def.name) ? styles.changed : undefined}
            >
              <TableCell className={styles.name}>{def.label ?? def.name}</TableCell>
              <TableCell data-testid={`value-${def.name}`}>
                <PropertyValue value={values[def.name]} def={def} />
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}

/** Definitions for properties the layer does not declare (shown as text). */
export function defsFor(declared: PropertyDefinition[], values: Record<string, unknown>): PropertyDefinition[] {
  const known = new Set(declared.map((d) => d.name));
  const extra = Object.keys(values)
    .filter((k) => !known.has(k) && k !== 'gfid' && k !== 'version')
    .map((name): PropertyDefinition => ({ name, type: 'TEXT', editable: true, editAdminOnly: false, show: true }));
  return [...declared, ...extra];
}
