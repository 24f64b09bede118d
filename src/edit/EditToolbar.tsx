// SPEC §4 Editing: drawing active or not, with an active edit layer. New point, line or polygon on
// an editable layer (SPEC §6: only layers flagged editable; logged-in users only).
import { useState } from 'react';
import { Button, Select, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSelection } from '../state/selection_store.ts';
import { useFeatureUi } from '../ui/context.ts';
import { useLayerDefs } from '../ui/use_layer_defs.ts';
import { ensureRegistered } from '../owner/workspace_register.ts';
import { emptyDraft } from './draft.ts';
import { useDraft } from './draft_store.ts';

const useStyles = makeStyles({
  bar: {
    position: 'absolute',
    bottom: '32px',
    left: '50%',
    transform: 'translateX(-50%)',
    // Above a phone's bottom sheet (z 20), so "New point" stays reachable while a prompt is open.
    zIndex: 21,
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
    // At 360 px the hint wraps under the buttons instead of squeezing into a one-word column (issue 19).
    flexWrap: 'wrap',
    justifyContent: 'center',
    width: 'max-content',
    maxWidth: 'calc(100% - 128px)',
  },
  hint: { padding: `0 ${tokens.spacingHorizontalS}`, flexBasis: '100%', textAlign: 'center', fontSize: tokens.fontSizeBase200 },
});

export function EditToolbar() {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const editable = ui.config.layersConfig.filter((l) => l.edit && l.workspace && !l.id.endsWith('_diff') && l.type !== 'wms');
  const [layerId, setLayerId] = useState(editable[0]?.id);
  const layer = editable.find((l) => l.id === layerId) ?? editable[0];
  const defs = useLayerDefs(layer?.id);
  const mode = useDraft((s) => s.mode);
  const drafting = useDraft((s) => s.draft !== null);
  if (!ui.loggedIn || !layer) return null;

  const start = async () => {
    // SPEC §6: a user not registered on the workspace is told, and may register, before drawing anything.
    if (!(await ensureRegistered(ui.api.appKey, layer.workspace!, ui.admin))) return;
    // The taps that place vertices must not leave a selected feature behind them.
    useSelection.getState().clear();
    const type = layer.type === 'Polygon' || layer.type === 'LineString' ? layer.type : 'Point';
    useDraft
      .getState()
      .start(
        emptyDraft({ id: layer.id, workspace: layer.workspace!, geometryType: type, editable: true, properties: defs ?? [] }, ui.admin),
        'draw',
      );
  };
  return (
    <Toolbar data-testid="edit-toolbar" size="small" className={styles.bar}>
      <Select
        size="small"
        value={layer.id}
        onChange={(_, d) => setLayerId(d.value)}
        aria-label={t('edit.layer')}
        data-testid="edit-layer"
        disabled={drafting}
      >
        {editable.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </Select>
      <Button size="small" appearance="primary" onClick={() => void start()} disabled={drafting || !defs} data-testid="edit-new">
        {t(`edit.new.${layer.type}`, { defaultValue: t('edit.new.Point') })}
      </Button>
      {mode === 'draw' && (
        <span data-testid="edit-drawing" className={styles.hint}>
          {t('edit.drawHint')}
        </span>
      )}
    </Toolbar>
  );
}
