// Right-drawer tabs that lead elsewhere (issue 19: they said "Nothing to show here yet."):
// "Pending changes" opens the admin's pending list, a user's own suggestions, or asks a visitor to
// sign in; "Search" points at the search field on the map and puts the cursor in it.
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { useUiStore } from '../state/ui_store.ts';
import { useReview } from '../review/review_store.ts';

const useStyles = makeStyles({
  pane: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalS,
  },
});

export function PendingChangesTab() {
  const { t } = useTranslation();
  const styles = useStyles();
  const loggedIn = useAuthStore(isLoggedIn);
  const authorised = useAuthStore((s) => s.status === 'authorised');
  const adminMode = useUiStore((s) => s.adminMode);
  const admin = authorised && adminMode;
  const ui = useUiStore.getState();
  const [text, action, run] = admin
    ? [t('drawer.pending.admin'), t('review.pendingTitle'), () => useReview.getState().setPendingOpen(true)]
    : loggedIn
      ? [t('drawer.pending.user'), t('review.mySuggestions'), () => useReview.getState().openCompare({ admin: false, page: 1, id: null })]
      : [t('drawer.pending.visitor'), t('auth.login'), () => ui.openAuth('login')];
  return (
    <div className={styles.pane} data-testid="drawer-pending">
      <span>{text}</span>
      <Button
        appearance="primary"
        data-testid="drawer-pending-open"
        onClick={() => {
          ui.setRightOpen(false);
          run();
        }}
      >
        {action}
      </Button>
    </div>
  );
}

export function SearchTab() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.pane} data-testid="drawer-search">
      <span>{t('drawer.search.text')}</span>
      <Button
        appearance="primary"
        onClick={() => {
          useUiStore.getState().setRightOpen(false);
          useUiStore.getState().setLeftOpen(false);
          requestAnimationFrame(() =>
            document.querySelector<HTMLInputElement>('[data-testid=search-input] input, input[data-testid=search-input]')?.focus(),
          );
        }}
      >
        {t('drawer.search.action')}
      </Button>
    </div>
  );
}
