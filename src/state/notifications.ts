// SPEC §8 notifications: red error, green success, blue info, at the top, NOTIFICATION_MS (10 s),
// closable. Any module may call notify(); src/screens/Notifier.tsx shows them with a Fluent Toaster.
// Texts are i18n keys (errors.* / success.*) so they follow the current language.
import { ERRORS, NOTIFICATION_MS, SUCCESS, type ErrorKey, type SuccessKey } from '../model/index.ts';

export type NoticeIntent = 'error' | 'success' | 'info' | 'warning';

export interface Notice {
  intent: NoticeIntent;
  /** i18n key of the text, e.g. `errors.LOGIN_FAILED`. */
  textKey: string;
  /** Shown when the key has no translation (e.g. a server message). */
  defaultText?: string;
  /** Values the text interpolates ({{count}}…). */
  values?: Record<string, string | number>;
  /** SPEC §8: 10 s unless stated otherwise. */
  timeout?: number;
  position?: 'top' | 'top-end';
}

type Sink = (n: Notice) => void;
let sink: Sink | null = null;
const pending: Notice[] = [];
const waitingListeners = new Set<() => void>();

/** Whether a notice waits for the Notifier: the shell mounts it then, if it has not yet (issue 17). */
export function noticeWaiting(): boolean {
  return pending.length > 0;
}

/** Calls `listener` when a notice starts waiting for the Notifier; returns the unsubscribe. */
export function subscribeNoticeWaiting(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

/** Called by the Notifier once it is mounted; notices raised before that are shown then (in order). */
export function setNotificationSink(next: Sink | null): void {
  sink = next;
  if (next) for (const n of pending.splice(0)) next(n);
}

/** Drops notices nobody has shown yet (a test's leftovers must not appear in the next test). */
export function clearPendingNotifications(): void {
  pending.length = 0;
}

export function notify(n: Notice): void {
  const full = { timeout: NOTIFICATION_MS, position: 'top' as const, ...n };
  if (sink) {
    sink(full);
    return;
  }
  pending.push(full);
  for (const listener of waitingListeners) listener();
}

export function notifyError(key: ErrorKey): void {
  notify({ intent: 'error', textKey: `errors.${key}`, defaultText: ERRORS[key] });
}

export function notifySuccess(key: SuccessKey): void {
  notify({ intent: 'success', textKey: `success.${key}`, defaultText: SUCCESS[key] });
}

export function notifyInfo(textKey: string, defaultText?: string): void {
  notify({ intent: 'info', textKey, defaultText });
}

/**
 * SPEC §8 "No connection": red, top right, 10 s, with a Close button:
 * 'Enable WiFi or mobile data before being able to edit features'. For the edit flows to call
 * when navigator.onLine is false (or the reachability ping fails) before an edit starts.
 */
export function notifyOffline(): void {
  notify({ intent: 'error', textKey: 'errors.OFFLINE_EDIT', defaultText: ERRORS.OFFLINE_EDIT, position: 'top-end' });
}

/** Maps an error thrown by a call to the catalogue key it names, else the generic server error. */
export function errorKeyOf(err: unknown): ErrorKey {
  const key = (err as { key?: unknown })?.key;
  return typeof key === 'string' && key in ERRORS ? (key as ErrorKey) : 'INTERNAL_SERVER_ERROR';
}
