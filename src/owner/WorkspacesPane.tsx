// SPEC §7 Workspaces: the app's workspaces with their registration secret (shown to the owner only,
// rotatable), and a new one (§5: its id starts with ws) → "workspace created".
import { useState } from 'react';
import { Button, Checkbox, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createWorkspace, fetchWorkspaces, rotateWorkspaceSecret } from '../api/owner.ts';
import { actionsStyle, formStyle } from '../dialogs/form_layout.ts';
import { createWorkspaceSchema } from '../model/index.ts';
import { errorKeyOf, notifyError, notifySuccess } from '../state/notifications.ts';
import { CopyField } from './CopyField.tsx';

export function WorkspacesPane({ appKey }: { appKey: string }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const list = useQuery({ queryKey: ['workspaces', appKey], queryFn: () => fetchWorkspaces(appKey) });
  const refresh = () => void queries.invalidateQueries({ queryKey: ['workspaces', appKey] });
  const [name, setName] = useState('ws_');
  const [managed, setManaged] = useState(true);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      notifyError(errorKeyOf(err));
    } finally {
      setBusy(false);
    }
  };
  const create = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = createWorkspaceSchema.safeParse({ name, managed });
    if (!parsed.success) return notifyError('INVALID_WORKSPACE');
    void run(async () => {
      await createWorkspace(appKey, parsed.data);
      notifySuccess('WORKSPACE_CREATED');
      setName('ws_');
      refresh();
    });
  };
  const rotate = (ws: string) =>
    run(async () => {
      await rotateWorkspaceSecret(ws);
      refresh();
    });
  return (
    <div style={formStyle}>
      {list.isPending && <Spinner label={t('common.loading')} />}
      {list.data?.length === 0 && <Text>{t('owner.workspaces.none')}</Text>}
      {list.data?.map((ws) => (
        <section key={ws.name} data-testid="workspace-row" data-workspace={ws.name} style={formStyle}>
          <Text weight="semibold">
            {ws.name} {ws.managed ? `· ${t('owner.workspaces.managed')}` : ''}
          </Text>
          {ws.workspaceSecret ? (
            <CopyField label={t('owner.workspaces.secret')} value={ws.workspaceSecret} testId="workspace-secret" />
          ) : (
            <Text size={200}>{t('owner.workspaces.secretHidden')}</Text>
          )}
          <Button
            size="small"
            onClick={() => void rotate(ws.name)}
            disabled={busy}
            style={{ alignSelf: 'flex-start' }}
            data-testid="workspace-rotate"
          >
            {t('owner.workspaces.rotate')}
          </Button>
        </section>
      ))}
      <form style={formStyle} onSubmit={create} noValidate data-testid="workspace-form">
        <Field label={t('owner.workspaces.name')} hint={t('owner.workspaces.nameHint')}>
          <Input value={name} onChange={(_, d) => setName(d.value)} data-testid="workspace-name" />
        </Field>
        <Checkbox checked={managed} onChange={(_, d) => setManaged(!!d.checked)} label={t('owner.workspaces.managedLabel')} />
        <div style={actionsStyle}>
          <Button appearance="primary" type="submit" disabled={busy} data-testid="workspace-create">
            {t('owner.workspaces.create')}
          </Button>
        </div>
      </form>
    </div>
  );
}
