// The edit form of the draft (SPEC §4 Editing): one field per property by type, SPEC §5 messages
// inline, editAdminOnly properties read-only for non-admins and everything read-only on a layer
// that is not editable (SPEC §6). Submitting turns the draft into a suggestion (SPEC §4).
// Issue 19: read-only fields say so once above the form (not one hint per field), text fields are
// `readOnly` (readable, selectable) rather than disabled, and the submit button names what it
// suggests (a new feature or a change).
import { type ReactNode, useState } from 'react';
import { Button, Checkbox, Field, Input, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ERRORS, type PropertyDefinition } from '../model/index.ts';
import type { Draft } from './draft.ts';
import { propertyEditable, setProperties } from './actions/set_properties.ts';
import { parseInput, toInput } from './property_input.ts';
import { RichTextEditor } from './RichTextEditor.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  note: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

interface Props {
  draft: Draft;
  defs: PropertyDefinition[];
  /** Called with the draft carrying the form's values; the caller sends it. */
  onSubmit: (draft: Draft) => void | Promise<unknown>;
  onCancel: () => void;
  busy?: boolean;
  /** Shown after the fields, before the buttons (a new feature's photos and notes). */
  extras?: ReactNode;
}

export function EditForm({ draft, defs, onSubmit, onCancel, busy, extras }: Props) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(defs.map((d) => [d.name, toInput(d, draft.properties[d.name])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const readOnly = (d: PropertyDefinition) => !draft.layer.editable || !propertyEditable(draft, d.name);
  const shown = defs.filter((d) => d.show);

  const submit = () => {
    const next: Record<string, unknown> = {};
    const errs: Record<string, string> = {};
    for (const def of defs) {
      if (readOnly(def)) continue;
      const parsed = parseInput(def, values[def.name] ?? '');
      if (!parsed.ok) errs[def.name] = parsed.error;
      else if (JSON.stringify(parsed.value ?? null) !== JSON.stringify(draft.properties[def.name] ?? null)) next[def.name] = parsed.value;
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    void onSubmit(setProperties(draft, { values: next }));
  };

  const field = (def: PropertyDefinition) => {
    const v = values[def.name];
    const set = (x: string | boolean) => setValues((s) => ({ ...s, [def.name]: x }));
    const common = { disabled: readOnly(def), 'data-testid': `edit-${def.name}` };
    // Text-like inputs stay readable and focusable; a checkbox or a list has no read-only state.
    const text = { readOnly: readOnly(def), 'data-testid': common['data-testid'] };
    if (def.type === 'BOOLEAN') return <Checkbox {...common} checked={v === true} onChange={(_, d) => set(d.checked === true)} />;
    if (def.type === 'OPTIONS') {
      return (
        <Select {...common} value={String(v ?? '')} onChange={(_, d) => set(d.value)}>
          <option value="" />
          {(def.options ?? []).map((o) => {
            const value = typeof o === 'string' ? o : String(o.value);
            return (
              <option key={value} value={value}>
                {typeof o === 'string' ? o : (o.label ?? value)}
              </option>
            );
          })}
        </Select>
      );
    }
    if (def.type === 'EDITOR') {
      return (
        <RichTextEditor
          value={String(v ?? '')}
          onChange={set}
          disabled={common.disabled}
          data-testid={common['data-testid']}
          aria-label={def.label ?? def.name}
        />
      );
    }
    if (def.type === 'OBJECT' || def.type === 'GEOMETRY') {
      return <Textarea {...text} value={String(v ?? '')} onChange={(_, d) => set(d.value)} />;
    }
    const type = def.type === 'EMAIL' ? 'email' : 'text';
    return (
      <Input
        {...text}
        appearance={text.readOnly ? 'filled-darker' : undefined}
        type={type}
        inputMode={def.type === 'NUMBER' ? 'decimal' : undefined}
        value={String(v ?? '')}
        onChange={(_, d) => set(d.value)}
      />
    );
  };

  return (
    <form
      data-testid="edit-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className={styles.form}
    >
      {!draft.layer.editable && <div data-testid="layer-read-only">{t('edit.layerReadOnly')}</div>}
      {draft.layer.editable && shown.some(readOnly) && (
        <div className={styles.note} data-testid="admin-only-note">
          {t('edit.adminOnlyNote')}
        </div>
      )}
      {shown.map((def) => (
        <Field
          key={def.name}
          label={def.label ?? def.name}
          validationState={errors[def.name] ? 'error' : 'none'}
          validationMessage={
            errors[def.name]
              ? t(`errors.${errors[def.name]}`, { defaultValue: ERRORS[errors[def.name] as keyof typeof ERRORS] })
              : undefined
          }
        >
          {field(def)}
        </Field>
      ))}
      {extras}
      <div className={styles.actions}>
        <Button onClick={onCancel} data-testid="edit-cancel">
          {t('common.cancel')}
        </Button>
        <Button appearance="primary" type="submit" disabled={busy || !draft.layer.editable} data-testid="edit-submit">
          {draft.gfid === null ? t('edit.submitNew') : t('edit.submit')}
        </Button>
      </div>
    </form>
  );
}
