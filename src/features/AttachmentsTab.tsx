// SPEC §2 feature-properties prompt "attachments": comments, links, bibliography, documents and
// tags, each listed (accepted ones plus the user's own pending ones) with an add button.
import { useState } from 'react';
import { Badge, Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { fetchBlob, useAttachments, type AttachmentItem, type AttachmentKind } from '../api/suggestions.ts';
import { useConfirm } from '../dialogs/confirm_store.ts';
import { validateTagName } from '../model/index.ts';
import { useFeatureUi } from '../ui/context.ts';
import { TextAttachmentDialog, type TextKind } from '../attachments/TextDialogs.tsx';
import { DocumentDialog } from '../attachments/DocumentDialog.tsx';
import { useUpload } from '../attachments/use_upload.ts';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';

const useStyles = makeStyles({
  section: { marginBottom: tokens.spacingVerticalS },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  list: { margin: 0, paddingLeft: '18px' },
  pending: { marginLeft: tokens.spacingHorizontalSNudge },
  tagForm: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

type ListKind = Exclude<AttachmentKind, 'images'>;

function describe(kind: ListKind, a: AttachmentItem): string {
  if (kind === 'comments') return a.comment ?? '';
  if (kind === 'links') return `${a.description ?? ''} — ${a.link ?? ''}`;
  if (kind === 'bibliographies') return a.item ?? '';
  if (kind === 'documents') return `${a.description ?? ''} (${a.name ?? ''})`;
  return a.name ?? '';
}

function Section({ kind, gfid, onAdd }: { kind: ListKind; gfid: number; onAdd: () => void }) {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const list = useAttachments(ui.api, gfid, kind);
  const open = async (a: AttachmentItem) => {
    const blob = await fetchBlob(ui.api, `/features/${gfid}/documents/${encodeURIComponent(a.name ?? '')}`);
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  };
  return (
    <section data-testid={`attachments-${kind}`} className={styles.section}>
      <div className={styles.header}>
        <strong>{t(`attachments.kind.${kind}`)}</strong>
        {ui.loggedIn && kind !== 'tags' && (
          <Button size="small" onClick={onAdd} data-testid={`add-${kind}`}>
            {t('attachments.addButton')}
          </Button>
        )}
      </div>
      {list.isPending ? (
        <LoadingSpinner size="tiny" />
      ) : (
        <ul className={styles.list}>
          {(list.data ?? []).map((a) => (
            <li key={a.id} data-status={a.status}>
              {kind === 'documents' ? (
                <a
                  href="#"
                  onClick={(e) => {
                    e.preventDefault();
                    void open(a);
                  }}
                >
                  {describe(kind, a)}
                </a>
              ) : (
                describe(kind, a)
              )}
              {a.status === 'pending' && (
                <Badge size="small" appearance="tint" className={styles.pending}>
                  {t('attachments.pending')}
                </Badge>
              )}
              {kind === 'tags' && ui.loggedIn && a.status === 'accepted' && <TagRemover gfid={gfid} tag={a} />}
            </li>
          ))}
        </ul>
      )}
      {kind === 'tags' && ui.loggedIn && <TagAdder gfid={gfid} />}
    </section>
  );
}

function TagAdder({ gfid }: { gfid: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [name, setName] = useState('');
  const upload = useUpload({ gfid }, 'tags', () => setName(''));
  const rule = validateTagName(name);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (rule.ok) upload.mutate({ kind: 'tags', body: { name: name.trim() }, label: name.trim() });
      }}
      className={styles.tagForm}
    >
      <Input
        size="small"
        value={name}
        onChange={(_, d) => setName(d.value)}
        placeholder={t('attachments.field.tag')}
        data-testid="tag-input"
      />
      <Button size="small" type="submit" disabled={!rule.ok || upload.isPending}>
        {t('attachments.addButton')}
      </Button>
    </form>
  );
}

/** SPEC §4: tag removals are suggested like additions and accepted or rejected by an admin. */
function TagRemover({ gfid, tag }: { gfid: number; tag: AttachmentItem }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = useUpload({ gfid }, 'tags', () => undefined);
  const ask = async () => {
    if (await confirm('delete', tag.name)) remove.mutate({ kind: 'removal', of: 'tags', id: tag.id, label: tag.name ?? '' });
  };
  return (
    <Button
      size="small"
      appearance="subtle"
      onClick={() => void ask()}
      disabled={remove.isPending}
      data-testid={`tag-remove-${tag.id}`}
      aria-label={t('attachments.removeTag', { name: tag.name })}
    >
      ×
    </Button>
  );
}

export function AttachmentsTab({ gfid }: { gfid: number }) {
  const { config } = useFeatureUi();
  const [adding, setAdding] = useState<ListKind | null>(null);
  // SPEC §3 app configuration switches: comments, links, bibliography, documents.
  const kinds = [
    config.comments && 'comments',
    config.links && 'links',
    config.bibliography && 'bibliographies',
    config.documents && 'documents',
    'tags',
  ].filter(Boolean) as ListKind[];
  const close = () => setAdding(null);
  return (
    <div>
      {kinds.map((k) => (
        <Section key={k} kind={k} gfid={gfid} onAdd={() => setAdding(k)} />
      ))}
      {adding === 'documents' && <DocumentDialog gfid={gfid} onClose={close} />}
      {adding && adding !== 'documents' && adding !== 'tags' && (
        <TextAttachmentDialog kind={adding as TextKind} gfid={gfid} onClose={close} />
      )}
    </div>
  );
}
