// Shows SPEC §8 notifications raised through src/state/notifications.ts: a Fluent Toaster at the
// top (the offline-edit one top right), NOTIFICATION_MS, each with a Close button.
import { useEffect } from 'react';
import { Button, Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { setNotificationSink } from '../state/notifications.ts';

export function Notifier() {
  const { t } = useTranslation();
  const toasterId = useId('notifications');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  useEffect(() => {
    let n = 0;
    setNotificationSink((notice) => {
      const toastId = `notice-${++n}`;
      const text = t(notice.textKey, { ...notice.values, defaultValue: notice.defaultText ?? notice.textKey });
      dispatchToast(
        <Toast data-testid={`notification-${notice.intent}`}>
          <ToastTitle
            action={
              <Button size="small" appearance="transparent" onClick={() => dismissToast(toastId)}>
                {t('common.close')}
              </Button>
            }
          >
            {text}
          </ToastTitle>
        </Toast>,
        // On a phone two columns of toasts would overlap: everything goes to the top there.
        { intent: notice.intent, timeout: notice.timeout, position: window.innerWidth < 600 ? 'top' : notice.position, toastId },
      );
    });
    return () => setNotificationSink(null);
  }, [dispatchToast, dismissToast, t]);
  return <Toaster toasterId={toasterId} position="top" pauseOnHover limit={5} />;
}
