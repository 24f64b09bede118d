// A read-only value with a copy button (app key, app URL, workspace secret).
import { Button, Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { copyText } from './copy_text.ts';

export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Field label={label}>
      <div style={{ display: 'flex', gap: 8, minWidth: 0 }}>
        <Input
          readOnly
          value={value}
          data-testid={testId}
          style={{ flex: 1, minWidth: 0 }}
          input={{ style: { minWidth: 0, width: '100%' } }}
        />
        <Button onClick={() => void copyText(value)} data-testid={`${testId}-copy`} style={{ flexShrink: 0 }}>
          {t('owner.copy')}
        </Button>
      </div>
    </Field>
  );
}
