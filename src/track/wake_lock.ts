// SPEC §4 "keeps recording while the screen is locked where the browser allows it": the Screen Wake
// Lock API holds the screen on while a track records. The browser drops the lock whenever the page
// is hidden, so it is asked for again each time the page comes back. Where there is no such API, or
// the browser refuses, the user is told once per recording.
import { notify } from '../state/notifications.ts';

let wanted = false;
let sentinel: WakeLockSentinel | null = null;
let noticeShown = false;

async function acquire(): Promise<void> {
  const api = typeof navigator === 'undefined' ? undefined : navigator.wakeLock;
  try {
    if (!api) throw new Error('no Screen Wake Lock API');
    sentinel = await api.request('screen');
    // Released by the browser (page hidden, battery saver) or by us: nothing to clean up.
    sentinel.addEventListener('release', () => {
      sentinel = null;
    });
    if (!wanted) await release();
  } catch {
    if (wanted && !noticeShown) {
      noticeShown = true;
      notify({ intent: 'warning', textKey: 'track.wakeLockUnavailable' });
    }
  }
}

async function release(): Promise<void> {
  const held = sentinel;
  sentinel = null;
  await held?.release().catch(() => undefined);
}

function onVisibility(): void {
  if (wanted && !sentinel && document.visibilityState === 'visible') void acquire();
}

export function keepScreenOn(): void {
  if (wanted) return;
  wanted = true;
  noticeShown = false;
  document.addEventListener('visibilitychange', onVisibility);
  void acquire();
}

export function letScreenSleep(): void {
  wanted = false;
  document.removeEventListener('visibilitychange', onVisibility);
  void release();
}
