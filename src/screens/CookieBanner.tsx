// SPEC §2/§4 cookie banner: shown at start until a choice (accept or decline) is stored, kept for
// COOKIE_CONSENT_DAYS. Declining keeps user data out of cookies (src/state/cookies.ts).
import { useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { readConsent, storeConsent, type Consent } from '../state/cookies.ts';

const useStyles = makeStyles({
  host: {
    position: 'fixed',
    left: '8px',
    right: '8px',
    bottom: '32px',
    zIndex: 1000,
    display: 'flex',
    justifyContent: 'center',
  },
  bar: { maxWidth: '720px', width: '100%' },
});

export function CookieBanner() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [choice, setChoice] = useState<Consent | undefined>(() => readConsent());
  if (choice) return null;
  const choose = (c: Consent) => {
    storeConsent(c);
    setChoice(c);
  };
  return (
    <div className={styles.host}>
      <MessageBar intent="info" layout="multiline" className={styles.bar} data-testid="cookie-banner">
        <MessageBarBody>
          <MessageBarTitle>{t('cookies.title')}</MessageBarTitle>
          {t('cookies.text')}
        </MessageBarBody>
        <MessageBarActions>
          <Button appearance="primary" onClick={() => choose('accepted')} data-testid="cookie-accept">
            {t('cookies.accept')}
          </Button>
          <Button onClick={() => choose('declined')} data-testid="cookie-decline">
            {t('cookies.decline')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}
