import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { $user } from '@/features/auth/user.store';
import { $shareDialog, isMobile } from '@/lib/shell.store';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { showToast } from '@/lib/toast.store';
import { $myShare, loadMyShare, shareLink } from './share.store';

/** QR code as the spec sets it (§2): 530 px on phones, 148 px on desktop, margin 2, level M. */
const qrOptions = (width: number) => ({ width, margin: 2, errorCorrectionLevel: 'M' as const });

/** The share dialog: type 1 after choosing a gift, type 3 from the header (with the rebate rate). */
export default function ShareDialog({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const dialog = useStore($shareDialog);
  const user = useStore($user);
  const myShare = useStore($myShare);
  const [qr, setQr] = useState<string | null>(null);
  const qrSize = isMobile() ? 530 : 148;
  const link =
    dialog.type === 1 && dialog.link
      ? dialog.link
      : shareLink(location.origin, 3, myShare?.shareCode ?? user.shareCode);

  useEffect(() => {
    if (dialog.type === 3) void loadMyShare();
  }, [dialog.type]);

  useEffect(() => {
    let current = true;
    // The QR library loads only when a share dialog opens.
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(link, qrOptions(qrSize)))
      .then((url) => current && setQr(url));
    return () => {
      current = false;
    };
  }, [link, qrSize]);

  const close = () => {
    $shareDialog.set({ ...dialog, open: false });
    if (dialog.type === 1) location.assign('/order/shareRecords');
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast('success', t('share.copied'));
    } catch {
      showToast('warning', t('share.copyFailed'));
    }
  };

  return (
    <Dialog open={dialog.open} onClose={close} title={t('share.title')} closeLabel={t('share.close')}>
      <div className="share">
        {dialog.type === 3 && myShare && (
          <p className="share__rate">{t('share.rebateRate', { rate: myShare.rebateRate })}</p>
        )}
        <label className="field">
          <span>{t('share.link')}</span>
          <span className="share__link">
            <input readOnly value={link} onFocus={(event) => event.target.select()} data-testid="share-link" />
            <button type="button" className="button" onClick={() => void copy()}>
              {t('share.copy')}
            </button>
          </span>
        </label>
        <div className="share__qr" style={{ width: Math.min(qrSize, 320), height: Math.min(qrSize, 320) }}>
          {qr && <img src={qr} width={qrSize} height={qrSize} alt={t('share.qrCode')} />}
        </div>
        <div className="share__actions">
          {qr && (
            <a className="button button--ghost" href={qr} download="qrcode.png">
              {t('share.downloadQr')}
            </a>
          )}
          {dialog.type === 1 && (
            <>
              <a className="button button--ghost" href="/order/shareRecords">
                {t('share.goToRecords')}
              </a>
              <button type="button" className="button" onClick={() => $shareDialog.set({ ...dialog, open: false })}>
                {t('share.continueAdding')}
              </button>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
