// A new feature's photos, comments, links, bibliography entries and documents, chosen in its form
// and sent right after it (it has no gfid until accepted, SPEC §5); offline they wait with it in
// the outbox. The add dialogs are the feature prompt's own (SPEC §2 add dialogs).
import { useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useFeatureUi } from '../ui/context.ts';
import { ImageDialog } from '../attachments/ImageDialog.tsx';
import { DocumentDialog } from '../attachments/DocumentDialog.tsx';
import { TextAttachmentDialog, type TextKind } from '../attachments/TextDialogs.tsx';
import type { NewAttachment } from '../outbox/requests.ts';
import { useDraft } from './draft_store.ts';

const useStyles = makeStyles({
  section: { marginBottom: tokens.spacingVerticalS },
  list: { margin: `${tokens.spacingVerticalXS} 0`, paddingLeft: '18px' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

type AddKind = TextKind | 'images' | 'documents';

function describe(a: NewAttachment): string {
  return 'file' in a ? a.filename : a.label;
}

export function DraftAttachments({ attachments }: { attachments: readonly NewAttachment[] }) {
  const { t } = useTranslation();
  const { config } = useFeatureUi();
  const styles = useStyles();
  const [adding, setAdding] = useState<AddKind | null>(null);
  // SPEC §3 app configuration switches which kinds exist; images always do.
  const kinds = [
    'images',
    config.comments && 'comments',
    config.links && 'links',
    config.bibliography && 'bibliographies',
    config.documents && 'documents',
  ].filter(Boolean) as AddKind[];
  const close = () => setAdding(null);
  const keep = (a: NewAttachment) => useDraft.getState().addAttachment(a);
  return (
    <section data-testid="draft-attachments" className={styles.section}>
      <strong>{t('edit.attachmentsTitle')}</strong>
      {attachments.length > 0 && (
        <ul className={styles.list}>
          {attachments.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a draft's attachments have no identity of their own; rows hold no state, so a removal re-labelling them is harmless
            <li key={i} data-testid="draft-attachment">
              {t(`attachments.kind.${a.kind}`)}: {describe(a)}
              <Button
                size="small"
                appearance="subtle"
                onClick={() => useDraft.getState().removeAttachment(i)}
                aria-label={t('common.remove')}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.buttons}>
        {kinds.map((k) => (
          <Button key={k} size="small" onClick={() => setAdding(k)} data-testid={`draft-add-${k}`}>
            {t(`attachments.add.${k}`)}
          </Button>
        ))}
      </div>
      {adding === 'images' && <ImageDialog gfid={null} keep={keep} onClose={close} />}
      {adding === 'documents' && <DocumentDialog gfid={null} keep={keep} onClose={close} />}
      {adding && adding !== 'images' && adding !== 'documents' && (
        <TextAttachmentDialog kind={adding} gfid={null} keep={keep} onClose={close} />
      )}
    </section>
  );
}
