// SPEC §3 featuresPropertiesWindow: the prompt shows as a map overlay (a card over the map) or as
// a modal prompt (dialog). Both wrap the same content.
import type { ReactNode } from 'react';
import {
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogSurface,
  DialogTitle,
  DialogContent,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  surface: { maxWidth: '640px' },
  card: {
    position: 'absolute',
    top: '12px',
    width: 'min(400px, calc(100% - 56px))',
    maxHeight: 'calc(100% - 24px)',
    overflow: 'auto',
    zIndex: 20,
  },
  right: { right: '12px' },
  // The left card starts right of the OL zoom buttons.
  left: { left: '44px' },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { fontSize: tokens.fontSizeBase400 },
});

interface Props {
  mode: 'mapOverlay' | 'prompt';
  title: ReactNode;
  testId: string;
  onClose: () => void;
  children: ReactNode;
  /** Overlay side; the comparison sits left so both can show at once. */
  side?: 'left' | 'right';
}

export function Panel({ mode, title, testId, onClose, children, side = 'right' }: Props) {
  const { t } = useTranslation();
  const styles = useStyles();
  const close = (
    <Button size="small" appearance="subtle" onClick={onClose} data-testid={`${testId}-close`}>
      {t('common.close')}
    </Button>
  );
  if (mode === 'prompt') {
    return (
      <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface data-testid={testId} className={styles.surface}>
          <DialogBody>
            <DialogTitle action={close}>{title}</DialogTitle>
            <DialogContent>{children}</DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    );
  }
  return (
    <Card data-testid={testId} className={mergeClasses(styles.card, styles[side])}>
      <div className={styles.header}>
        <strong className={styles.title}>{title}</strong>
        {close}
      </div>
      {children}
    </Card>
  );
}
