// SPEC §2 add-document dialog; SPEC §5: pdf only, description 3–50 characters, safe file name,
// at most 10MB. The model's validateDocumentFile says which rule fails, in that order.
import { useState } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { validateDocumentFile } from '../model/index.ts';
import { AddDialog, useRuleMessage } from './AddDialog.tsx';
import { useUpload, type AttachTo } from './use_upload.ts';

export function DocumentDialog({ onClose, ...to }: AttachTo & { onClose: () => void }) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const upload = useUpload(to, 'documents', onClose);
  const submit = () => {
    if (!file) return setError(t('errors.NO_FILES_SELECTED'));
    const rule = validateDocumentFile({ name: file.name, type: file.type, size: file.size, description });
    setError(message(rule));
    if (rule.ok) upload.mutate({ kind: 'documents', file, filename: file.name, description: description.trim() });
  };
  return (
    <AddDialog kind="documents" onClose={onClose} onSubmit={submit} busy={upload.isPending}>
      <Field label={t('attachments.field.file')} required>
        <input type="file" accept="application/pdf" data-testid="attachment-file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </Field>
      <Field label={t('attachments.field.description')} required validationState={error ? 'error' : 'none'} validationMessage={error}>
        <Input data-testid="attachment-description" value={description} onChange={(_, d) => setDescription(d.value)} />
      </Field>
    </AddDialog>
  );
}
