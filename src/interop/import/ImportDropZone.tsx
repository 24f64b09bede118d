// Drag and drop or a file picker (issue 15 part 5). The file goes straight to the worker.
import { useRef, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const ACCEPT = '.geojson,.json,.gpkg,.zip,.kml,.gpx,.csv,.tsv,.txt';

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXL,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    textAlign: 'center',
  },
  over: { border: `2px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
});

export function ImportDropZone({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div
      className={over ? `${styles.zone} ${styles.over}` : styles.zone}
      role="group"
      aria-label={t('import.drop')}
      data-testid="import-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file) onFile(file);
      }}
    >
      <Text weight="semibold">{t('import.drop')}</Text>
      <Text size={200}>{t('import.formats')}</Text>
      <Button onClick={() => input.current?.click()} disabled={busy} data-testid="import-choose">
        {t('import.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </div>
  );
}
