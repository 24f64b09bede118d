// SPEC §3 featuresPropertiesWindow: the prompt shows as a map overlay (a card over the map) or as
// a modal prompt (dialog). Both wrap the same content.
import type { ReactNode } from 'react';
import { Button, Card, Dialog, DialogBody, DialogSurface, DialogTitle, DialogContent } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

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
  const close = <Button size="small" appearance="subtle" onClick={onClose} data-testid={`${testId}-close`}>{t('common.close')}</Button>;
  if (mode === 'prompt') {
    return (
      <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface data-testid={testId} style={{ maxWidth: 640 }}>
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
      data-testid={testId}
      style={{
        // The left card starts right of the OL zoom buttons.
        position: 'absolute', top: 12, [side]: side === 'left' ? 44 : 12, width: 'min(400px, calc(100% - 56px))', maxHeight: 'calc(100% - 24px)',
        overflow: 'auto', zIndex: 20,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <strong style={{ fontSize: 16 }}>{title}</strong>
        {close}
      </div>
      {children}
    </Card>
  );
}
