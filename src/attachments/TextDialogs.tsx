// SPEC §2 add dialogs for a comment, a link and a bibliography entry, with the SPEC §5 rules from
// src/model shown inline: comment and item must not be empty; link and description required.
import { useState } from 'react';
import { Field, Input, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { validateBibliographyItem, validateComment, validateLink, type RuleResult } from '../model/index.ts';
import { AddDialog, useRuleMessage } from './AddDialog.tsx';
import { useUpload, type AttachTo } from './use_upload.ts';

export type TextKind = 'comments' | 'links' | 'bibliographies';
const FIELDS: Record<TextKind, string[]> = { comments: ['comment'], links: ['link', 'description'], bibliographies: ['item'] };
const RULES: Record<TextKind, (v: Record<string, string>) => RuleResult> = {
  comments: (v) => validateComment(v.comment),
  links: (v) => validateLink(v),
  bibliographies: (v) => validateBibliographyItem(v.item),
};

/** `gfid` null: the entry joins the draft of a new feature through `keep` (useUpload). */
export function TextAttachmentDialog({ kind, onClose, ...to }: AttachTo & { kind: TextKind; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const upload = useUpload(to, kind, onClose);
  const submit = () => {
    const rule = RULES[kind](values);
    setError(message(rule));
    if (!rule.ok) return;
    const body = kind === 'bibliographies' ? { item: values.item } : values;
    upload.mutate({ kind, body, label: Object.values(body).join(' — ') });
  };
  return (
    <AddDialog kind={kind} onClose={onClose} onSubmit={submit} busy={upload.isPending}>
      {FIELDS[kind].map((name, i, all) => (
        <Field
          key={name}
          label={t(`attachments.field.${name}`)}
          required
          validationState={error && i === all.length - 1 ? 'error' : 'none'}
          validationMessage={i === all.length - 1 ? error : undefined}
        >
          {name === 'comment' || name === 'item' ? (
            <Textarea
              data-testid={`attachment-${name}`}
              value={values[name] ?? ''}
              onChange={(_, d) => setValues((s) => ({ ...s, [name]: d.value }))}
            />
          ) : (
            <Input
              data-testid={`attachment-${name}`}
              value={values[name] ?? ''}
              onChange={(_, d) => setValues((s) => ({ ...s, [name]: d.value }))}
            />
          )}
        </Field>
      ))}
    </AddDialog>
  );
}
