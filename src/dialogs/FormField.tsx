// One labelled input with its SPEC §5 message inline (Fluent Field + Input).
import { Field, Input, type InputProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorKeyForMessage } from './use_zod_form.ts';

interface Props {
  name: string;
  label: string;
  form: { values: Record<string, string>; errors: Record<string, string>; set: (n: string, v: string) => void };
  type?: InputProps['type'];
  autoComplete?: string;
  required?: boolean;
}

export function FormField({ name, label, form, type = 'text', autoComplete, required = true }: Props) {
  const { t } = useTranslation();
  const message = form.errors[name];
  const key = message ? errorKeyForMessage(message) : undefined;
  return (
    <Field
      label={label}
      required={required}
      validationState={message ? 'error' : 'none'}
      validationMessage={message ? t(key ? `errors.${key}` : message, { defaultValue: message }) : undefined}
    >
      <Input
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={form.values[name] ?? ''}
        onChange={(_, d) => form.set(name, d.value)}
        data-testid={`field-${name}`}
      />
    </Field>
  );
}
