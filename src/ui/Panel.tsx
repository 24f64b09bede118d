// SPEC §3 featuresPropertiesWindow: the prompt shows as a map overlay (a card over the map) or as
// a modal prompt (dialog). Both wrap the same content. On a phone (issue 19) either is a bottom
// sheet over the lower part of the map instead: the map above it stays visible and usable, and the
// feature it is about is moved into that free part (`useKeepInView`).
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Button, Card, Dialog, DialogBody, DialogSurface, DialogTitle, DialogContent, mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { msSinceMapClick } from '../map/last_map_click.ts';
import type { Geometry } from '../model/index.ts';
import { PHONE_QUERY, useMediaQuery } from '../state/use_media_query.ts';
import { OpenSheet, useKeepInView } from './use_keep_in_view.ts';
import { useOfferSheetFooter } from './sheet_footer.ts';
import { useReturnFocus } from '../state/use_return_focus.ts';
import { usePanelStyles } from './panel_styles.ts';
import { afterNextPaint } from './after_paint.ts';

interface Props {
  mode: 'mapOverlay' | 'prompt';
  title: ReactNode;
  testId: string;
  onClose: () => void;
  children: ReactNode;
  /** Overlay side; the comparison sits left so both can show at once. */
  side?: 'left' | 'right';
  /** On a phone: the feature the panel is about, kept visible above the sheet; `focusKey` names it. */
  focus?: Geometry | null;
  focusKey?: string | null;
}

/**
 * A sheet opens under the finger that tapped the map (a drawn point, a tapped feature): the click
 * the browser sends after that touch must not land on the button that has just appeared there. A
 * panel opened otherwise (a link, a list) answers a tap at once.
 */
const GHOST_CLICK_MS = 500;

/**
 * OpenLayers' double-click interval. A tap opens its prompt at once (use_select_on_tap.ts), so the
 * second click of a double click (which zooms) could land on the panel that has just appeared under
 * it (a phone's bottom sheet, a modal prompt's backdrop): until the interval after the map's click
 * is over, the pointer goes through to the map. A panel opened otherwise takes it at once.
 */
const DOUBLE_CLICK_MS = 250;

export function Panel({ mode, title, testId, onClose, children, side = 'right', focus, focusKey = null }: Props) {
  const { t } = useTranslation();
  const styles = usePanelStyles();
  const phone = useMediaQuery(PHONE_QUERY);
  const sheetRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  useOfferSheetFooter(footerRef, phone);
  useReturnFocus(true);
  useKeepInView(sheetRef, focus, focusKey, phone);
  const openedAt = useRef(0);
  const cardRef = useRef<HTMLDivElement>(null);
  // Only a panel opened right after a map click can be under that click's second half.
  const [justOpened, setJustOpened] = useState(() => msSinceMapClick() < DOUBLE_CLICK_MS);
  // Only a panel opened by a tap on the map can be under that touch's own late click.
  const [underTap] = useState(() => msSinceMapClick() < GHOST_CLICK_MS);
  useEffect(() => {
    if (!justOpened) return;
    const timer = setTimeout(() => setJustOpened(false), Math.max(0, DOUBLE_CLICK_MS - msSinceMapClick()));
    return () => clearTimeout(timer);
  }, [justOpened]);
  const passThrough = justOpened ? styles.passThrough : undefined;
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  useEffect(() => {
    openedAt.current = performance.now();
    // A card is not modal: it takes the focus when it opens, so the keyboard continues inside it
    // (Escape closes it and gives the focus back, use_return_focus.ts). Fluent's dialog does this itself.
    const panel = sheetRef.current ?? cardRef.current;
    if (!panel) return;
    // Issue 17: once its first frame is on screen. Focused in the task that shows it, it forced that
    // frame's style and layout early and ran Tabster's focus handlers before the frame (traced at 4×
    // CPU: 25–60 ms of a tap's 90–150 ms task). Until then, Escape closes it from wherever the focus is.
    const closeEarly = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      latestClose.current();
    };
    addEventListener('keydown', closeEarly);
    const cancel = afterNextPaint(() => {
      removeEventListener('keydown', closeEarly);
      panel.focus({ preventScroll: true });
    });
    return () => {
      cancel();
      removeEventListener('keydown', closeEarly);
    };
  }, []);
  const swallowGhostClick = (e: MouseEvent) => {
    const touch = (e.nativeEvent as PointerEvent).pointerType === 'touch';
    if (touch && underTap && performance.now() - openedAt.current < GHOST_CLICK_MS) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  // A sheet or map-overlay card closes on Escape like a dialog does (issue 19, keyboard).
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.stopPropagation();
      onClose();
    }
  };
  const close = (
    <Button size="small" appearance="subtle" className={styles.close} onClick={onClose} data-testid={`${testId}-close`}>
      {t('common.close')}
    </Button>
  );
  if (phone) {
    return (
      <Card
        ref={sheetRef}
        tabIndex={-1}
        data-testid={testId}
        data-sheet="bottom"
        onClickCapture={swallowGhostClick}
        onKeyDown={closeOnEscape}
        role="dialog"
        aria-label={typeof title === 'string' ? title : undefined}
        className={mergeClasses(styles.sheet, passThrough)}
      >
        <div className={mergeClasses(styles.header, styles.sheetHeader)}>
          <strong className={styles.title}>{title}</strong>
          {close}
        </div>
        <div className={styles.sheetBody}>
          <OpenSheet.Provider value={sheetRef}>{children}</OpenSheet.Provider>
        </div>
        <div ref={footerRef} className={styles.sheetFooter} data-testid={`${testId}-foot`} />
      </Card>
    );
  }
  if (mode === 'prompt') {
    return (
      <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface data-testid={testId} className={mergeClasses(styles.surface, passThrough)} backdrop={{ className: passThrough }}>
          <DialogBody>
            <DialogTitle action={close}>{title}</DialogTitle>
            <DialogContent>{children}</DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    );
  }
  return (
    <Card
      ref={cardRef}
      tabIndex={-1}
      data-testid={testId}
      className={mergeClasses(styles.card, styles[side], passThrough)}
      onKeyDown={closeOnEscape}
      role="dialog"
      aria-label={typeof title === 'string' ? title : undefined}
    >
      <div className={styles.header}>
        <strong className={styles.title}>{title}</strong>
        {close}
      </div>
      {children}
    </Card>
  );
}
