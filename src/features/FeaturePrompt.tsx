// SPEC §2 feature-properties prompt: opens when a feature is selected (SPEC §4 select), shows its
// properties by type and tabs for attachments, images and history, with edit, delete, PDF
// download and export as a file (issue 15 part 6). Editing starts a draft (src/edit); the form shows in the draft panel.
import { useDeferredValue, useState } from 'react';
import { Button, Tab, TabList } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { geometryFamily } from '../model/index.ts';
import { useSelection } from '../state/selection_store.ts';
import { useFeatureRecord } from './use_feature_record.ts';
import { notifyError, errorKeyOf } from '../state/notifications.ts';
import { useConfirm } from '../dialogs/confirm_store.ts';
import { draftFromFeature } from '../edit/draft.ts';
import { useDraft } from '../edit/draft_store.ts';
import { deleteFeature } from '../edit/actions/delete_feature.ts';
import { submitDraft } from '../edit/submit_draft.ts';
import { useFeatureUi } from '../ui/context.ts';
import { useLayer, useLayerDefs } from '../ui/use_layer_defs.ts';
import { Panel } from '../ui/Panel.tsx';
import { PropertyTable, defsFor } from '../ui/PropertyTable.tsx';
import { AttachmentsTab } from './AttachmentsTab.tsx';
import { ImagesTab } from './ImagesTab.tsx';
import { HistoryTab } from './HistoryTab.tsx';
import { ObservationsTab } from './ObservationsTab.tsx';
import { downloadPdf } from './download_pdf.ts';
import { ExportMenu } from '../interop/export/ExportMenu.tsx';
import { useOutdoor } from '../state/outdoor_store.ts';
import { ensureRegistered } from '../owner/workspace_register.ts';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';
import { usePromptStyles } from './prompt_styles.ts';

type TabName = 'properties' | 'attachments' | 'images' | 'history' | 'observations';

export function FeaturePrompt() {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const styles = usePromptStyles();
  const confirm = useConfirm();
  const selected = useSelection((s) => s.selected);
  // Issue 17: a tap's first frame is the sheet with its title; the tabs, their content and the actions
  // follow in a render React may defer, once this deferred copy has caught up with the tapped feature.
  const filledFor = useDeferredValue(selected, null);
  const clear = useSelection((s) => s.clear);
  const editing = useDraft((s) => s.draft !== null);
  const feature = useFeatureRecord(ui.api, ui.config.appName, selected?.gfid);
  const layer = useLayer(selected?.layerId ?? feature.data?.layer);
  const declared = useLayerDefs(selected?.layerId);
  const [tab, setTab] = useState<TabName>('properties');
  // SPEC §2/§4 outdoor mode: attachments and images load on the user's tap, per feature.
  const outdoor = useOutdoor((s) => s.on);
  const [attachmentsFor, setAttachmentsFor] = useState<number | null>(null);
  if (!selected || editing) return null;
  const attachmentsShown = !outdoor || attachmentsFor === selected.gfid;
  const loadAttachments = (
    <Button appearance="primary" onClick={() => setAttachmentsFor(selected.gfid)} data-testid="load-attachments">
      {t('features.loadAttachments')}
    </Button>
  );

  const data = feature.data;
  const defs = data && declared ? defsFor(declared, data.properties) : undefined;
  const name = data ? String(data.properties[layer?.nameProperty ?? 'name'] ?? '') : '';
  const canEdit = ui.loggedIn && !!layer?.edit && !!data && !!defs;

  const startEdit = async (mode: 'idle' | 'modify') => {
    // SPEC §6: registration on the workspace comes before the edit form, never after it.
    if (!(await ensureRegistered(ui.api.appKey, data!.workspace, ui.admin))) return;
    const draftLayer = {
      id: layer!.id,
      workspace: data!.workspace,
      geometryType: geometryFamily(data!.geometry.type)!, // a MultiPolygon is edited in its Polygon layer
      editable: !!layer!.edit,
      properties: defs!,
    };
    useDraft.getState().start(draftFromFeature(draftLayer, data!, ui.admin), mode);
  };
  const suggestDelete = async () => {
    if (!(await confirm('suggestDelete', name || `GFID ${selected.gfid}`))) return;
    const draftLayer = {
      id: layer!.id,
      workspace: data!.workspace,
      geometryType: geometryFamily(data!.geometry.type)!,
      editable: !!layer!.edit,
      properties: defs!,
    };
    const draft = draftFromFeature(draftLayer, data!, ui.admin);
    const reason = deleteFeature.disabled(draft);
    if (reason) return notifyError(reason);
    await submitDraft(ui.api, deleteFeature(draft));
  };
  const pdf = () => downloadPdf(ui.api, selected.gfid, name || String(selected.gfid)).catch((e) => notifyError(errorKeyOf(e)));

  return (
    <Panel
      mode={ui.config.featuresPropertiesWindow}
      title={name || `GFID ${selected.gfid}`}
      testId="feature-prompt"
      onClose={clear}
      focus={data?.geometry}
      focusKey={data ? `${selected.layerId}:${selected.gfid}` : null}
    >
      {filledFor !== selected ? (
        <div className={styles.body} />
      ) : (
        <>
          <TabList className={styles.tabs} size="small" selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabName)}>
            {(['properties', 'attachments', 'images', 'history', 'observations'] as const).map((k) => (
              <Tab key={k} value={k} data-testid={`feature-tab-${k}`}>
                {k === 'observations' && ui.config.observationsTitle ? ui.config.observationsTitle : t(`features.tab.${k}`)}
              </Tab>
            ))}
          </TabList>
          <div className={styles.body}>
            {tab === 'properties' &&
              (feature.isError ? (
                <p>{feature.error.message}</p>
              ) : !data || !defs ? (
                <LoadingSpinner size="small" />
              ) : (
                <PropertyTable defs={defs} values={data.properties} />
              ))}
            {(tab === 'attachments' || tab === 'images') && !attachmentsShown && loadAttachments}
            {tab === 'attachments' && attachmentsShown && <AttachmentsTab gfid={selected.gfid} />}
            {tab === 'images' && attachmentsShown && <ImagesTab gfid={selected.gfid} />}
            {tab === 'history' && <HistoryTab gfid={selected.gfid} />}
            {tab === 'observations' && <ObservationsTab gfid={selected.gfid} workspace={data?.workspace} layerId={layer?.id} />}
          </div>
          <div className={styles.actions}>
            {canEdit && (
              <Button size="small" appearance="primary" onClick={() => void startEdit('idle')} data-testid="feature-edit">
                {t('edit.edit')}
              </Button>
            )}
            {canEdit && (
              <Button size="small" onClick={() => void startEdit('modify')} data-testid="feature-edit-geometry">
                {t('edit.editGeometry')}
              </Button>
            )}
            {canEdit && (
              <Button size="small" onClick={() => void suggestDelete()} data-testid="feature-delete">
                {t('edit.delete')}
              </Button>
            )}
            {ui.config.pdfDownload && (
              <Button size="small" onClick={() => void pdf()} data-testid="feature-pdf">
                {t('features.downloadPdf')}
              </Button>
            )}
            {data && (
              <ExportMenu
                api={ui.api}
                workspace={data.workspace}
                layer={data.layer}
                fileName={name || `${data.layer}-${selected.gfid}`}
                gfids={async () => [selected.gfid]}
                label={t('export.of', { name: name || `GFID ${selected.gfid}` })}
                testId="feature-export"
              />
            )}
          </div>
        </>
      )}
    </Panel>
  );
}
