// SPEC §2 "Create new app with invoice address form" (create-project prompt): the §5 invoice address
// (every field but the organisation required) → POST apps → "app created with new appkey" (§8), the
// new key shown and copyable.
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { createApp } from '../api/owner.ts';
import { FormField } from '../dialogs/FormField.tsx';
import { actionsStyle, formStyle } from '../dialogs/form_layout.ts';
import { useFormSubmit, useZodForm } from '../dialogs/use_zod_form.ts';
import { createAppSchema } from '../model/index.ts';
import { errorKeyOf, notifyError, notifySuccess } from '../state/notifications.ts';
import { CopyField } from './CopyField.tsx';
import { useReturnFocus } from '../state/use_return_focus.ts';

const FIELDS = ['firstName', 'lastName', 'organisation', 'street', 'houseNumber', 'postCode', 'city'] as const;
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f, '']));

export function CreateAppDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  useReturnFocus(open);
  const form = useZodForm(createAppSchema, EMPTY);
  const [appKey, setAppKey] = useState<string | null>(null);
  const { busy, submit } = useFormSubmit(
    form.validate,
    async (data) => {
      const made = await createApp({ ...data, organisation: data.organisation || undefined });
      setAppKey(made.appKey);
      notifySuccess('APP_CREATED');
      onCreated();
    },
    (err) => notifyError(errorKeyOf(err)),
  );
  const close = () => {
    form.reset();
    setAppKey(null);
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface data-testid="create-app-dialog">
        <DialogBody>
          <DialogTitle>{t('owner.create.title')}</DialogTitle>
          <DialogContent>
            {appKey ? (
              <div style={formStyle} data-testid="create-app-done">
                <p>{t('success.APP_CREATED')}</p>
                <CopyField label={t('owner.appKey')} value={appKey} testId="created-app-key" />
              </div>
            ) : (
              <form id="create-app-form" style={formStyle} onSubmit={submit} noValidate>
                <p>{t('owner.create.invoiceHint')}</p>
                {FIELDS.map((f) => (
                  <FormField key={f} name={f} label={t(`owner.invoice.${f}`)} form={form} required={f !== 'organisation'} />
                ))}
              </form>
            )}
          </DialogContent>
          <DialogActions style={actionsStyle}>
            <Button onClick={close} data-testid="create-app-close">
              {appKey ? t('common.close') : t('common.cancel')}
            </Button>
            {!appKey && (
              <Button appearance="primary" type="submit" form="create-app-form" disabled={busy} data-testid="create-app-submit">
                {t('owner.create.submit')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
