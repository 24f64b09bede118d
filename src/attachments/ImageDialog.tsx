// SPEC §2 add-image dialog with crop and resize; SPEC §5: jpg, jpeg, gif or png, bounded size and
// dimensions, description up to 150 characters. The picture is cropped and resized in the browser
// (image_resize.ts) and the result is what gets validated and sent.
import { useEffect, useState } from 'react';
import { Field, Input, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { validateImageFile } from '../model/index.ts';
import { useFeatureUi } from '../ui/context.ts';
import { AddDialog, useRuleMessage } from './AddDialog.tsx';
import { ImageCropper } from './ImageCropper.tsx';
import { cropAndResize, type CropRect } from './image_resize.ts';
import { useUpload, type AttachTo } from './use_upload.ts';

const SIZES = [640, 1024, 1600, 2048];

export function ImageDialog({ onClose, ...to }: AttachTo & { onClose: () => void }) {
  const { t } = useTranslation();
  const { config } = useFeatureUi();
  const message = useRuleMessage();
  const [file, setFile] = useState<File | null>(null);
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const [crop, setCrop] = useState<CropRect | null>(null);
  const [maxDimension, setMax] = useState(1600);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const upload = useUpload(to, 'images', onClose);

  useEffect(() => {
    setCrop(null);
    setBitmap(null);
    if (!file || !/^image\/(png|jpe?g|gif)$/i.test(file.type)) return;
    let live = true;
    createImageBitmap(file).then(
      (b) => (live ? setBitmap(b) : b.close()),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [file]);

  const submit = async () => {
    if (!file) return setError(t('errors.NO_FILES_SELECTED'));
    const limits = { maxBytes: config.sizeLimitImage };
    const first = validateImageFile({ type: file.type, size: 0, description }, limits);
    if (!first.ok) return setError(message(first));
    const type = /png|gif/i.test(file.type) ? 'image/png' : 'image/jpeg';
    const out = await cropAndResize(file, { crop, maxDimension, type });
    const rule = validateImageFile({ type, size: out.blob.size, width: out.width, height: out.height, description }, limits);
    setError(message(rule));
    const name = `${file.name.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N} ._-]+/gu, '_') || 'image'}.${type === 'image/png' ? 'png' : 'jpg'}`;
    if (rule.ok) upload.mutate({ kind: 'images', file: out.blob, filename: name, description: description.trim() });
  };

  return (
    <AddDialog kind="images" onClose={onClose} onSubmit={() => void submit()} busy={upload.isPending}>
      <Field label={t('attachments.field.file')} required validationState={error ? 'error' : 'none'} validationMessage={error}>
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif"
          data-testid="attachment-file"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Field>
      {bitmap && <ImageCropper bitmap={bitmap} crop={crop} onCrop={setCrop} />}
      <Field label={t('attachments.field.maxDimension')}>
        <Select data-testid="image-max" value={String(maxDimension)} onChange={(_, d) => setMax(Number(d.value))}>
          {SIZES.map((s) => (
            <option key={s} value={s}>
              {s} px
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('attachments.field.description')}>
        <Input data-testid="attachment-description" value={description} onChange={(_, d) => setDescription(d.value)} />
      </Field>
    </AddDialog>
  );
}
