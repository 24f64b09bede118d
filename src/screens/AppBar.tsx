// Top bar of the map screen: drawer toggles, the app icon and title (SPEC §3 appIcon, appName),
// what the map holds, the settings drawer and the account button. A visitor's account button has
// the SPEC §6 tooltip: logging in unlocks data and tools.
import { Badge, Button, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Navigation24Regular, PanelRight24Regular, Person24Regular, Settings24Regular } from '@fluentui/react-icons';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import { useMapStore } from '../state/map_store.ts';
import { useUiStore } from '../state/ui_store.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { TOUCH_QUERY } from '../state/use_media_query.ts';

const useStyles = makeStyles({
  bar: {
    position: 'relative',
    zIndex: 2,
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    minHeight: '48px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    boxShadow: tokens.shadow4,
    borderBottom: `3px solid ${tokens.colorBrandStroke1}`,
  },
  icon: { width: '28px', height: '28px', borderRadius: tokens.borderRadiusMedium, flexShrink: 0 },
  title: {
    flexGrow: 1,
    minWidth: 0,
    color: 'inherit',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  // Fluent's transparent buttons turn brand-coloured on hover: invisible on the brand bar.
  onBrand: {
    color: tokens.colorNeutralForegroundOnBrand,
    minWidth: '40px',
    // A 44 px touch target on a touch screen (issue 19).
    [`@media ${TOUCH_QUERY}`]: { minWidth: '44px', minHeight: '44px' },
    ':hover': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: 'rgba(255, 255, 255, 0.14)' },
    ':hover:active': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: 'rgba(255, 255, 255, 0.24)' },
  },
  // On a phone the counts give way to the buttons (usable at 360 px).
  wide: { '@media (max-width: 599px)': { display: 'none' } },
  // The map's loading indicator, a ring turning on the brand bar (as Fluent's tiny inverted spinner).
  // Its rules are the bar's, inserted with the bar at the first paint: Fluent's Spinner inserted its
  // own when the layers began to load, a 60 ms task at 4× slowdown between the first paint and the
  // features drawn (issue 17 target 4).
  busy: {
    display: 'inline-block',
    flexShrink: 0,
    boxSizing: 'border-box',
    width: '16px',
    height: '16px',
    borderRadius: '50%',
    border: '2px solid rgba(255, 255, 255, 0.3)',
    borderTopColor: tokens.colorNeutralForegroundOnBrand,
    animationName: { to: { transform: 'rotate(360deg)' } },
    animationDuration: '1s',
    animationTimingFunction: 'linear',
    animationIterationCount: 'infinite',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
  },
});

/**
 * What the map holds: the loading indicator and the counts. Apart from the bar, so each layer's count
 * during an open re-renders two badges, not the bar's buttons and tooltip (issue 17: ≈ 12 ms a time).
 * The store's updates reach it as deferred values: a store update is rendered at once and whole, so a
 * layer's count (and the spinner's end when the features are drawn) was a 20–80 ms task at 4× slowdown;
 * now that render returns the same elements (nothing below renders), and the new counts follow at
 * transition priority, in React's slices.
 */
function MapHoldings({ className, busyClassName }: { className: string; busyClassName: string }) {
  const { t } = useTranslation();
  const loading = useDeferredValue(useMapStore((s) => s.loading));
  const counts = useDeferredValue(useMapStore((s) => s.layerCounts));
  return useMemo(() => {
    const layerCount = Object.keys(counts).length;
    const featureCount = Object.values(counts).reduce((a, b) => a + b, 0);
    return (
      <>
        {loading && <span role="progressbar" aria-label={t('map.loading')} className={busyClassName} />}
        <Badge appearance="tint" data-testid="layer-count" className={className}>
          {t('app.layerCount', { count: layerCount })}
        </Badge>
        {featureCount > 0 && (
          <Badge appearance="tint" data-testid="feature-count" className={className}>
            {t('app.featureCount', { count: featureCount })}
          </Badge>
        )}
      </>
    );
  }, [loading, counts, className, busyClassName, t]);
}

export function AppBar({ config }: { config: AppConfig }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const leftOpen = useUiStore((s) => s.leftOpen);
  const rightOpen = useUiStore((s) => s.rightOpen);
  const { setLeftOpen, setRightOpen, setSettingsDrawerOpen, openAuth } = useUiStore.getState();
  const loggedIn = useAuthStore(isLoggedIn);
  const user = useAuthStore((s) => s.user);
  const accountLabel = loggedIn ? t('auth.accountLabel', { name: user?.username ?? '' }) : t('auth.login');
  const accountButton = (
    <Button
      appearance="transparent"
      className={styles.onBrand}
      icon={<Person24Regular />}
      // The name holds the words shown beside the icon (WCAG 2.5.3 label in name), and stands alone
      // on a phone, where those words are hidden.
      aria-label={accountLabel}
      data-testid="account-button"
      onClick={() => openAuth(loggedIn ? 'userInformation' : 'login')}
    >
      <span className={styles.wide}>{loggedIn ? user?.username : t('auth.login')}</span>
    </Button>
  );
  return (
    <header className={styles.bar} data-testid="app-bar">
      <Button
        appearance="transparent"
        className={styles.onBrand}
        icon={<Navigation24Regular />}
        aria-label={t('shell.toggleLeftDrawer')}
        aria-expanded={leftOpen}
        data-testid="left-drawer-toggle"
        onClick={() => setLeftOpen(!leftOpen)}
      />
      {config.appIcon && <img src={config.appIcon} alt="" className={styles.icon} />}
      <Text as="h1" size={500} weight="semibold" className={styles.title} data-testid="app-title">
        {config.appName || t('app.defaultTitle')}
      </Text>
      <MapHoldings className={styles.wide} busyClassName={styles.busy} />
      <Button
        appearance="transparent"
        className={styles.onBrand}
        icon={<Settings24Regular />}
        aria-label={t('settings.title')}
        data-testid="settings-drawer-toggle"
        onClick={() => setSettingsDrawerOpen(true)}
      />
      {/* One tooltip either way: the button stays the same element across a login, so the focus
          the account dialog gives back after it finds the button (issue 19). */}
      <Tooltip
        content={loggedIn ? accountLabel : t('auth.visitorTooltip')}
        relationship={loggedIn ? 'inaccessible' : 'description'}
        withArrow
      >
        {accountButton}
      </Tooltip>
      <Button
        appearance="transparent"
        className={styles.onBrand}
        icon={<PanelRight24Regular />}
        aria-label={t('shell.toggleRightDrawer')}
        aria-expanded={rightOpen}
        data-testid="right-drawer-toggle"
        onClick={() => setRightOpen(!rightOpen)}
      />
    </header>
  );
}
