// Form state validated by the model's zod schemas (SPEC §5 rules live in src/model, once). The
// messages are the model's English catalogue texts; errorText() turns them back into their
// catalogue key so they show in the user's language.
import { useState } from 'react';
import type { z } from 'zod';
import { ERRORS, type ErrorKey } from '../model/index.ts';

const KEY_BY_TEXT = new Map<string, ErrorKey>(Object.entries(ERRORS).map(([k, v]) => [v, k as ErrorKey]));

/** The i18n key for a validation message from the model, or undefined when it is not catalogued. */
export function errorKeyForMessage(message: string): ErrorKey | undefined {
  return KEY_BY_TEXT.get(message);
}

export type FieldErrors = Record<string, string>;

/** First message per field from a failed parse; pure. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

export function useZodForm<S extends z.ZodType>(schema: S, initial: Record<string, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    values,
    errors,
    set(name: string, value: string) {
      setValues((v) => ({ ...v, [name]: value }));
      // The message goes when the user fixes the field; it comes back only on the next submit.
      if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
    },
    /** Parses the values; on failure shows the messages inline and returns undefined. */
    validate(): z.infer<S> | undefined {
      const r = schema.safeParse(values);
      if (r.success) {
        setErrors({});
        return r.data;
      }
      setErrors(fieldErrors(r.error));
      return undefined;
    },
    reset() {
      setValues(initial);
      setErrors({});
    },
  };
}

/**
 * A form's submit handler: validate, then run `action` with the parsed data while `busy` (the
 * submit button is disabled meanwhile); a failure goes to `onError`.
 */
export function useFormSubmit<T>(validate: () => T | undefined, action: (data: T) => Promise<void>, onError: (err: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = validate();
    if (data === undefined) return;
    setBusy(true);
    try {
      await action(data);
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
