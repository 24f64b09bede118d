// The form of the draft being edited (new or existing feature), beside the map. Submitting sends
// the suggestion (SPEC §4), or keeps it in the outbox when the server does not answer, and ends the
// edit; cancelling asks first when something changed (SPEC §8 confirmation "discard unsaved changes").
// Undo and redo step through the draft's changes (buttons, Ctrl/Cmd+Z, Ctrl+Shift+Z or Ctrl+Y).
import { useState } from 'react';
import { Button, Toolbar, ToolbarButton, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowRedoRegular, ArrowUndoRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../dialogs/confirm_store.ts';
import { useFeatureUi } from '../ui/context.ts';
import { Panel } from '../ui/Panel.tsx';
import { EditForm } from './EditForm.tsx';
import { defsFor } from '../ui/PropertyTable.tsx';
import { canRedo, canUndo, useDraft } from './draft_store.ts';
import { useUndoKeys } from './use_undo_keys.ts';
import { draftHasChanges } from './suggestion.ts';
import { submitDraft } from './submit_draft.ts';
import type { Draft } from './draft.ts';
import { DraftAttachments } from './DraftAttachments.tsx';

const useStyles = makeStyles({
  tools: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalSNudge,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalS,
  },
  history: { padding: 0 },
});

const history = { undo: () => useDraft.getState().undo(), redo: () => useDraft.getState().redo() };

export function DraftPanel() {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const confirm = useConfirm();
  const draft = useDraft((s) => s.draft);
  const mode = useDraft((s) => s.mode);
  const [busy, setBusy] = useState(false);
  const undoable = useDraft(canUndo);
  const redoable = useDraft(canRedo);
  const open = !!draft?.geometry;
  useUndoKeys(open && !busy, history);
  // While a new shape is being drawn there is nothing to fill in yet.
  if (!draft || !open) return null;

  // What the confirmations name: the feature's name as typed, else its GFID or "the new feature".
  const subjectOf = (d: Draft) => {
    const typed = d.properties.name;
    if (typeof typed === 'string' && typed.trim()) return typed.trim();
    return d.gfid === null ? t('edit.newFeature') : `GFID ${d.gfid}`;
  };
  const subject = subjectOf(draft);
  const cancel = async () => {
    const isNew = draft.gfid === null;
    const dirty = isNew || draftHasChanges(draft);
    if (!dirty || (await confirm(isNew ? 'discardNew' : 'discardChanges', subject))) useDraft.getState().discard();
  };
  const submit = async (next: Draft) => {
    // SPEC §8: submitting a suggestion is confirmed first.
    if (!(await confirm(next.gfid === null ? 'submitNew' : 'submitChange', subjectOf(next)))) return;
    setBusy(true);
    const result = await submitDraft(ui.api, next).finally(() => setBusy(false));
    if (result) useDraft.getState().discard();
  };
  const title = draft.gfid === null ? t('edit.newFeature') : t('edit.editing', { gfid: draft.gfid });
  return (
    <Panel
      mode={ui.config.featuresPropertiesWindow}
      title={title}
      testId="draft-panel"
      onClose={() => void cancel()}
      focus={draft.geometry}
      focusKey={`${draft.layer.id}:${draft.gfid ?? 'new'}`}
    >
      <div className={styles.tools}>
        <Toolbar size="small" className={styles.history} aria-label={`${t('edit.undo')} / ${t('edit.redo')}`}>
          <Tooltip content={`${t('edit.undo')} (Ctrl+Z)`} relationship="label">
            <ToolbarButton icon={<ArrowUndoRegular />} disabled={!undoable || busy} onClick={history.undo} data-testid="draft-undo" />
          </Tooltip>
          <Tooltip content={`${t('edit.redo')} (Ctrl+Shift+Z)`} relationship="label">
            <ToolbarButton icon={<ArrowRedoRegular />} disabled={!redoable || busy} onClick={history.redo} data-testid="draft-redo" />
          </Tooltip>
        </Toolbar>
        {draft.gfid !== null && (
          <Button
            size="small"
            onClick={() => useDraft.getState().setMode(mode === 'modify' ? 'idle' : 'modify')}
            data-testid="draft-modify"
          >
            {mode === 'modify' ? t('edit.stopGeometry') : t('edit.editGeometry')}
          </Button>
        )}
      </div>
      <EditForm
        key={draft.gfid ?? 'new'}
        draft={draft}
        defs={defsFor(draft.layer.properties, draft.properties)}
        onSubmit={submit}
        onCancel={() => void cancel()}
        busy={busy}
        // A new feature's name and fields come first (on a phone the sheet's first screen), its photos
        // and notes after them, above the buttons that send it all.
        extras={draft.gfid === null ? <DraftAttachments attachments={draft.attachments ?? []} /> : undefined}
      />
    </Panel>
  );
}
