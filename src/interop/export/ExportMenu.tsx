// "Export" (issue 15 part 6): a menu of the five file formats for a layer, a search result or a
// selected feature. The server writes the file (GET /api/features/export), so offline the button
// stays focusable but disabled, and its tooltip says why.
import { useState } from 'react';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { ArrowDownload16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { EXPORT_EXTENSIONS, EXPORT_FORMAT_NAMES, EXPORT_FORMATS, type ExportFormat } from '../../model/index.ts';
import { fetchExport } from '../../api/feature_export.ts';
import type { ApiCtx } from '../../api/suggestions.ts';
import { useOnline } from '../../pwa/connectivity.ts';
import { errorKeyOf, notifyError } from '../../state/notifications.ts';
import { safeFileName, saveBlob } from '../../ui/save_blob.ts';
import { LoadingSpinner } from '../../ui/LoadingSpinner.tsx';
import { useExportMenuStyles } from './export_menu_styles.ts';

export interface ExportMenuProps {
  api: ApiCtx;
  workspace: string;
  layer: string;
  /** The file's name without its extension (the layer's or the feature's name). */
  fileName: string;
  /** The gfids to export (a selection, a search result); the whole layer when absent. */
  gfids?: () => Promise<readonly number[]>;
  /** What the button exports, for screen readers ("Export Cities"). */
  label: string;
  testId: string;
  size?: 'small' | 'medium';
}

export function ExportMenu({ api, workspace, layer, fileName, gfids, label, testId, size = 'small' }: ExportMenuProps) {
  const { t } = useTranslation();
  const styles = useExportMenuStyles();
  const online = useOnline();
  const [busy, setBusy] = useState(false);

  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const selected = gfids ? await gfids() : undefined;
      if (selected?.length === 0) return;
      const blob = await fetchExport(api, { workspace, layer, format, gfids: selected });
      saveBlob(blob, `${safeFileName(fileName, layer)}.${EXPORT_EXTENSIONS[format]}`);
    } catch (e) {
      notifyError(errorKeyOf(e));
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button
      className={styles.touch}
      size={size}
      icon={busy ? <LoadingSpinner size="extra-tiny" /> : <ArrowDownload16Regular />}
      aria-label={label}
      disabledFocusable={!online || busy}
      data-testid={testId}
    >
      {t('export.button')}
    </Button>
  );
  if (!online) {
    return (
      <Tooltip content={t('export.needsConnection')} relationship="description">
        {button}
      </Tooltip>
    );
  }
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>{button}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          {EXPORT_FORMATS.map((format) => (
            <MenuItem key={format} className={styles.touch} onClick={() => void run(format)} data-testid={`${testId}-${format}`}>
              {EXPORT_FORMAT_NAMES[format]}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
