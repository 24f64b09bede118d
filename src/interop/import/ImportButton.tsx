// "Import from a file": the button and the dialog it opens. The owner's layers pane offers a new
// layer too; the admin's pending-changes drawer imports into the app's layers as suggestions.
import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Layer } from '../../model/index.ts';
import { ImportDialog } from './ImportDialog.tsx';
import type { ImportOutcome } from './use_import.ts';

interface Props {
  appKey: string;
  apiBase?: string;
  layers: readonly Layer[];
  canCreateLayer: boolean;
  onImported: (outcome: ImportOutcome) => void;
}

export function ImportButton(props: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="layers-import" style={{ alignSelf: 'flex-start' }}>
        {t('import.open')}
      </Button>
      {open && <ImportDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
