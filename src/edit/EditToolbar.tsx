// SPEC §4 Editing: drawing active or not, with an active edit layer. New point, line or polygon on
// an editable layer (SPEC §6: only layers flagged editable; logged-in users only).
// Issue 19: on a phone it never floats over an open sheet: it docks at the foot of a feature or
// comparison sheet (sheet_footer.ts), and leaves while the draft's form is open (every control of
// it would be disabled then).
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Select, Toolbar, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSelection } from '../state/selection_store.ts';
import { useFeatureUi } from '../ui/context.ts';
import { useLayerDefs } from '../ui/use_layer_defs.ts';
import { useSheetFooter } from '../ui/sheet_footer.ts';
import { PHONE_QUERY, TOUCH_QUERY, useMediaQuery } from '../state/use_media_query.ts';
import { ensureRegistered } from '../owner/workspace_register.ts';
import { emptyDraft } from './draft.ts';
import { useDraft } from './draft_store.ts';

const useStyles = makeStyles({
  bar: {
    position: 'absolute',
    bottom: '32px',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: 19,
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
    // At 360 px the hint wraps under the buttons instead of squeezing into a one-word column (issue 19).
    flexWrap: 'wrap',
    justifyContent: 'center',
    width: 'max-content',
    maxWidth: 'calc(100% - 128px)',
    // 44 px touch targets on a touch screen (issue 19); in a sheet's foot the sheet sees to it.
    [`@media ${TOUCH_QUERY}`]: { '& button, & select': { minHeight: '44px' } },
  },
  // At the foot of a sheet: part of it, no longer a floating card.
  docked: { position: 'static', transform: 'none', boxShadow: 'none', maxWidth: '100%' },
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
  // The hint shows once a tap will place the shape (the drawing tools are a lazy chunk).
  const drawing = useDraft((s) => s.drawing);
  const drafting = useDraft((s) => s.draft !== null);
  const draftFormOpen = useDraft((s) => !!s.draft?.geometry);
  const phone = useMediaQuery(PHONE_QUERY);
  const dock = useSheetFooter();
  if (!ui.loggedIn || !layer || (phone && draftFormOpen)) return null;

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
  const bar = (
    <Toolbar data-testid="edit-toolbar" size="small" className={mergeClasses(styles.bar, dock ? styles.docked : undefined)}>
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
      {mode === 'draw' && drawing && (
        <span data-testid="edit-drawing" className={styles.hint}>
          {t(matchMedia('(pointer: coarse)').matches ? 'edit.drawHintTouch' : 'edit.drawHint')}
        </span>
      )}
    </Toolbar>
  );
  return dock ? createPortal(bar, dock) : bar;
}
