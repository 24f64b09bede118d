// Shows SPEC §8 notifications raised through src/state/notifications.ts: a Fluent Toaster at the
// top (the offline-edit one top right), NOTIFICATION_MS, each with a Close button.
// On a phone (issue 19) a toast must never cover the search field, the prompt's or the draft's
// header or their Close button: one compact toast at a time sits over the app bar, for at most
// PHONE_TOAST_MS. The newest replaces the one shown: it answers the tap the user just made (an owner
// who saved five settings must not read "app created" while their form's error waits in a queue).
import { memo, startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button, Toast, ToastTitle, Toaster, makeStyles, tokens, useId, useToastController } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { noticeWaiting, setNotificationSink, subscribeNoticeWaiting } from '../state/notifications.ts';
import { PHONE_QUERY, useMediaQuery } from '../state/use_media_query.ts';
import { afterNextPaint } from '../ui/after_paint.ts';
import { afterChunks, type IdleSchedule } from './after_chunks.ts';

/** A phone's toasts stay this long at most (the app bar they cover holds the menu and the account). */
export const PHONE_TOAST_MS = 4000;

const useStyles = makeStyles({
  // Three lines at most, inside the 64 px app bar with the toaster's offset.
  phone: {
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  phoneClose: { minWidth: '32px' },
});

/**
 * Whether the shell mounts the Notifier: once the page is idle after the features are drawn, or at
 * once when a notice waits for it (notices raised before it mounts are kept and shown then); never
 * unmounted after. Issue 17: its Fluent Toaster was ≈ 10 % of React's first render, which the first
 * paint waits for, and no notice is shown on most opens.
 */
export function useNotifierMounted(when: IdleSchedule = afterChunks): boolean {
  const waiting = useSyncExternalStore(subscribeNoticeWaiting, noticeWaiting);
  const [mounted, setMounted] = useState(false);
  // A transition, as what useReadyWhen mounts ahead (after_chunks.ts).
  useEffect(() => when(() => startTransition(() => setMounted(true))), [when]);
  // Latched: the mounted Notifier takes the waiting notices, and it must stay for the next ones.
  if (waiting && !mounted) setMounted(true);
  return mounted || waiting;
}

// Memoised: the shell re-renders with each start-up answer, which changes nothing here (issue 17).
export const Notifier = memo(function Notifier() {
  const { t } = useTranslation();
  const styles = useStyles();
  const phone = useMediaQuery(PHONE_QUERY);
  const toasterId = useId('notifications');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  // One counter for the component's life: the sink is set again when the layout changes, and a
  // reused toast id would make Fluent drop the new toast.
  const count = useRef(0);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    setNotificationSink((notice) => {
      const toastId = `notice-${++count.current}`;
      const text = t(notice.textKey, { ...notice.values, defaultValue: notice.defaultText ?? notice.textKey });
      const close = phone ? (
        <Button
          size="small"
          appearance="transparent"
          className={styles.phoneClose}
          icon={<DismissRegular />}
          aria-label={t('common.close')}
          onClick={() => dismissToast(toastId)}
        />
      ) : (
        <Button size="small" appearance="transparent" onClick={() => dismissToast(toastId)}>
          {t('common.close')}
        </Button>
      );
      // After the frame that shows what raised it (a bulk decision's summary, a saved form): the
      // toast's entrance measures its height, a forced layout that then covers the toast alone,
      // not everything that frame changed (issue 14: no main-thread task over 50 ms).
      afterNextPaint(() => {
        if (phone && shown.current) dismissToast(shown.current);
        shown.current = toastId;
        dispatchToast(
          <Toast data-testid={`notification-${notice.intent}`} className={phone ? styles.phone : undefined}>
            <ToastTitle action={close}>{text}</ToastTitle>
          </Toast>,
          // On a phone two columns of toasts would overlap: everything goes to the top there.
          {
            intent: notice.intent,
            timeout:
              phone && notice.timeout !== undefined && notice.timeout > 0 ? Math.min(notice.timeout, PHONE_TOAST_MS) : notice.timeout,
            position: phone ? 'top' : notice.position,
            // A finger has no hover: a tap's compatibility mouse events must not hold a toast forever.
            pauseOnHover: !phone,
            toastId,
          },
        );
      });
    });
    return () => setNotificationSink(null);
  }, [dispatchToast, dismissToast, t, phone, styles]);
  // Fluent reads a toaster's options once: a window turned from phone to wide (or back) gets a new one.
  return (
    <Toaster
      key={phone ? 'phone' : 'wide'}
      toasterId={toasterId}
      position="top"
      pauseOnHover
      limit={phone ? 1 : 5}
      offset={phone ? { vertical: 4 } : undefined}
    />
  );
});
