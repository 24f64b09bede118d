// SPEC §2 "app list with install guide": how to add the app to the home screen on Android and iOS,
// its address to copy, and a QR code of it to open on the phone.
import { useEffect, useState } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { CopyField } from './CopyField.tsx';

const useStyles = makeStyles({
  guide: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  qr: { width: '160px', height: '160px', alignSelf: 'center', backgroundColor: 'white' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

/** The address that opens the app (SPEC §2: the app key as the first path segment). */
export const appUrl = (appKey: string) => `${window.location.origin}/${appKey}`;

export function InstallGuide({ appKey }: { appKey: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const url = appUrl(appKey);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 320 }).then((data) => live && setQr(data));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <section className={styles.guide} data-testid="install-guide">
      <CopyField label={t('owner.install.url')} value={url} testId="install-url" />
      {qr && <img className={styles.qr} src={qr} alt={t('owner.install.qr')} data-testid="install-qr" />}
      <Text weight="semibold">{t('owner.install.android')}</Text>
      <ol className={styles.list}>
        <li>{t('owner.install.androidOpen')}</li>
        <li>{t('owner.install.androidMenu')}</li>
      </ol>
      <Text weight="semibold">{t('owner.install.ios')}</Text>
      <ol className={styles.list}>
        <li>{t('owner.install.iosOpen')}</li>
        <li>{t('owner.install.iosShare')}</li>
      </ol>
    </section>
  );
}
