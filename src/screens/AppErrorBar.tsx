// Red error notification under the app bar (SPEC §8: red error notifications, closable). An
// unknown app key keeps it open: nothing else on the screen explains the empty map.
import { useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  host: { position: 'absolute', top: '12px', right: '12px', zIndex: 3, maxWidth: 'min(480px, calc(100% - 24px))' },
});

export interface AppErrorBarProps {
  /** Error key from the server (CONTRACT.md wire errors) used to translate the text. */
  errorKey?: string;
  /** Text to show when the key has no translation (the server's own message). */
  message: string;
}

export function AppErrorBar({ errorKey, message }: AppErrorBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const text = errorKey ? t(`errors.${errorKey}`, { defaultValue: message }) : message;
  return (
    <div className={styles.host}>
      <MessageBar intent="error" data-testid="app-error" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{t('common.error')}</MessageBarTitle>
          {text}
        </MessageBarBody>
        <MessageBarActions>
          <Button appearance="transparent" onClick={() => setOpen(false)}>
            {t('common.close')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}
