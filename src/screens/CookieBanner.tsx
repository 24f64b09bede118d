// SPEC §2/§4 cookie banner: shown at start until a choice (accept or decline) is stored, kept for
// COOKIE_CONSENT_DAYS. Declining keeps user data out of cookies (src/state/cookies.ts).
// Issue 19: it covers nothing. It is a band at the bottom of the window and the map screen ends
// above it (`COOKIE_BANNER_SPACE`, its height while shown), so an open sheet's Submit and Close, the
// footer and the map's bottom controls stay reachable before the choice; on a phone it is compact.
import { memo, useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { readConsent, storeConsent, type Consent } from '../state/cookies.ts';
import { PHONE_QUERY, TOUCH_QUERY } from '../state/use_media_query.ts';

const HEIGHT_PROPERTY = '--cookie-banner-height';
/** The room at the bottom of the window the banner takes while it shows (0 once a choice is made). */
export const COOKIE_BANNER_SPACE = `var(${HEIGHT_PROPERTY}, 0px)`;

/**
 * Publishes the banner's height while it is on the page (a React 19 ref callback with its cleanup).
 * The size comes from the layout the browser makes before the first paint anyway: reading it here
 * would force a layout in the middle of React's first commit (issue 17, ≈ 10 % of that task).
 */
function reserveRoom(el: HTMLDivElement) {
  const root = document.documentElement.style;
  const observer = new ResizeObserver(([entry]) => root.setProperty(HEIGHT_PROPERTY, `${entry.borderBoxSize[0].blockSize}px`));
  observer.observe(el, { box: 'border-box' });
  return () => {
    observer.disconnect();
    root.removeProperty(HEIGHT_PROPERTY);
  };
}

const useStyles = makeStyles({
  host: {
    position: 'fixed',
    left: 0,
    right: 0,
    bottom: 0,
    zIndex: 1000,
    display: 'flex',
    justifyContent: 'center',
    padding: tokens.spacingVerticalS,
    [`@media ${PHONE_QUERY}`]: { padding: tokens.spacingVerticalXS },
    backgroundColor: tokens.colorNeutralBackground2,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  bar: { maxWidth: '720px', width: '100%' },
  // Compact on a phone: the map keeps most of the screen until the choice is made.
  text: { [`@media ${PHONE_QUERY}`]: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 } },
  action: { [`@media ${TOUCH_QUERY}`]: { minHeight: '44px' } },
});

// Memoised: the shell re-renders with each start-up answer, which changes nothing here (issue 17).
export const CookieBanner = memo(function CookieBanner() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [choice, setChoice] = useState<Consent | undefined>(() => readConsent());
  if (choice) return null;
  const choose = (c: Consent) => {
    storeConsent(c);
    setChoice(c);
  };
  return (
    <div ref={reserveRoom} className={styles.host}>
      <MessageBar intent="info" layout="multiline" className={styles.bar} data-testid="cookie-banner">
        <MessageBarBody className={styles.text}>
          <MessageBarTitle>{t('cookies.title')}</MessageBarTitle>
          {t('cookies.text')}
        </MessageBarBody>
        <MessageBarActions>
          <Button appearance="primary" className={styles.action} onClick={() => choose('accepted')} data-testid="cookie-accept">
            {t('cookies.accept')}
          </Button>
          <Button className={styles.action} onClick={() => choose('declined')} data-testid="cookie-decline">
            {t('cookies.decline')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    </div>
  );
});
