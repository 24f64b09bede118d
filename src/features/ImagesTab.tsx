// SPEC §2/§7 images: the list (imagesWithDescription), each fetched as a blob (the session header
// cannot ride on an <img src>) and shown through an object URL.
import { useState } from 'react';
import { Badge, Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useAttachments, type AttachmentItem } from '../api/suggestions.ts';
import { useBlobUrl } from '../ui/use_blob_url.ts';
import { useFeatureUi } from '../ui/context.ts';
import { ImageDialog } from '../attachments/ImageDialog.tsx';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';

const useStyles = makeStyles({
  thumb: { margin: 0, width: '110px' },
  image: { width: '110px', height: '80px', objectFit: 'cover' },
  caption: { fontSize: tokens.fontSizeBase200 },
  // A suggested photo waits for review: said in words, and dimmed, so it is never taken for an accepted one (issue 19).
  pendingImage: { opacity: 0.6, outline: `2px dashed ${tokens.colorPaletteMarigoldBorderActive}` },
  grid: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
});

function Thumb({ gfid, image }: { gfid: number; image: AttachmentItem }) {
  const { t } = useTranslation();
  const { api } = useFeatureUi();
  const styles = useStyles();
  const url = useBlobUrl(api, `/features/${gfid}/images/${encodeURIComponent(image.name ?? '')}`);
  return (
    <figure className={styles.thumb} data-status={image.status}>
      {url ? (
        <img
          src={url}
          alt={image.description ?? image.name}
          className={mergeClasses(styles.image, image.status === 'pending' && styles.pendingImage)}
        />
      ) : (
        <LoadingSpinner size="tiny" />
      )}
      <figcaption className={styles.caption}>
        {image.status === 'pending' && (
          <Badge size="small" appearance="tint" color="warning" data-testid="image-pending">
            {t('attachments.pending')}
          </Badge>
        )}{' '}
        {image.description}
      </figcaption>
    </figure>
  );
}

export function ImagesTab({ gfid }: { gfid: number }) {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const list = useAttachments(ui.api, gfid, 'images');
  const [adding, setAdding] = useState(false);
  return (
    <div data-testid="images-tab">
      {ui.loggedIn && (
        <Button size="small" onClick={() => setAdding(true)} data-testid="add-images">
          {t('attachments.add.images')}
        </Button>
      )}
      {list.isPending ? (
        <LoadingSpinner size="tiny" />
      ) : (
        <div className={styles.grid}>
          {(list.data ?? []).map((img) => (
            <Thumb key={img.id} gfid={gfid} image={img} />
          ))}
          {list.data?.length === 0 && <p>{t('attachments.none')}</p>}
        </div>
      )}
      {adding && <ImageDialog gfid={gfid} onClose={() => setAdding(false)} />}
    </div>
  );
}
