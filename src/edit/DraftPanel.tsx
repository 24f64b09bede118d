// The form of the draft being edited (new or existing feature), beside the map. Submitting sends
// the suggestion (SPEC §4), or keeps it in the outbox when the server does not answer, and ends the
// edit; cancelling asks first when something changed (SPEC §8 confirmation "discard unsaved changes").
import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../dialogs/ConfirmDialog.tsx';
import { useFeatureUi } from '../ui/context.ts';
import { useSelection } from '../state/selectionStore.ts';
import { Panel } from '../ui/Panel.tsx';
import { EditForm } from './EditForm.tsx';
import { defsFor } from '../ui/PropertyTable.tsx';
import { useDraft } from './draftStore.ts';
import { draftHasChanges } from './suggestion.ts';
import { submitDraft } from './submitDraft.ts';
import type { Draft } from './draft.ts';
import { DraftAttachments } from './DraftAttachments.tsx';

export function DraftPanel() {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const confirm = useConfirm();
  const draft = useDraft((s) => s.draft);
  const mode = useDraft((s) => s.mode);
  const [busy, setBusy] = useState(false);
  // While a new shape is being drawn there is nothing to fill in yet.
  if (!draft || !draft.geometry) return null;

  const cancel = async () => {
    const dirty = draft.gfid === null || draftHasChanges(draft);
    if (!dirty || (await confirm('discardChanges'))) useDraft.getState().discard();
  };
  const submit = async (next: Draft) => {
    // SPEC §8: submitting a suggestion is confirmed first.
    if (!(await confirm('submit'))) return;
    setBusy(true);
    const result = await submitDraft(ui.api, next).finally(() => setBusy(false));
    if (result) {
      // A drawn feature's taps may have selected whatever lay under them; the prompt should not open on it.
      if (next.gfid === null) useSelection.getState().clear();
      useDraft.getState().discard();
    }
  };
  const title = draft.gfid === null ? t('edit.newFeature') : t('edit.editing', { gfid: draft.gfid });
  return (
    <Panel mode={ui.config.featuresPropertiesWindow} title={title} testId="draft-panel" onClose={() => void cancel()}>
      {draft.gfid !== null && (
        <Button size="small" onClick={() => useDraft.getState().setMode(mode === 'modify' ? 'idle' : 'modify')} data-testid="draft-modify">
          {mode === 'modify' ? t('edit.stopGeometry') : t('edit.editGeometry')}
        </Button>
      )}
      {draft.gfid === null && <DraftAttachments attachments={draft.attachments ?? []} />}
      <EditForm key={draft.gfid ?? 'new'} draft={draft} defs={defsFor(draft.layer.properties, draft.properties)} onSubmit={submit} onCancel={() => void cancel()} busy={busy} />
    </Panel>
  );
}
