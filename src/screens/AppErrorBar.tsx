// Red error notification under the app bar (SPEC §8: red error notifications, closable). An
// unknown app key keeps it open: nothing else on the screen explains the empty map.
import { useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '../model/index.ts';

const useStyles = makeStyles({
  host: { position: 'absolute', top: '12px', right: '12px', zIndex: 3, maxWidth: 'min(480px, calc(100% - 24px))' },
});

export interface AppErrorBarProps {
  /** Error key from the server (CONTRACT.md wire errors) used to translate the text. */
  errorKey?: string;
  /** Text to show when the key has no translation (the server's own message). */
  message: string;
  /** The bar's title; "Error" when not given. */
  title?: string;
}

/** The SPEC §8 key whose English text `message` is (a layer's failure carries the server's text only). */
export function errorKeyOfMessage(message: string): string | undefined {
  return Object.entries(ERRORS).find(([, text]) => text === message)?.[0];
}

export function AppErrorBar({ errorKey, message, title }: AppErrorBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const text = errorKey ? t(`errors.${errorKey}`, { defaultValue: message }) : message;
  return (
    <div className={styles.host}>
      <MessageBar intent="error" data-testid="app-error" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{title ?? t('common.error')}</MessageBarTitle>
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
