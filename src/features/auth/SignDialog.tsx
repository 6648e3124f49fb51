import { useStore } from '@nanostores/react';
import { Dialog } from '@/components/Dialog';
import { $signDialog, closeSignDialog, switchSignType } from '@/lib/shell.store';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { SignForm } from './SignForm';
import { readShopState } from './user.store';

/** The sign dialog (desktop): sign in, register, reset. */
export default function SignDialog({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const { open, type } = useStore($signDialog);
  return (
    <Dialog
      open={open}
      onClose={closeSignDialog}
      title={t(`sign.title.${type}`)}
      closeLabel={t('sign.close')}
      width={600}
    >
      <SignForm
        type={type}
        onTypeChange={switchSignType}
        onDone={closeSignDialog}
        t={t}
        initialEmail={readShopState().payEmail ?? ''}
      />
    </Dialog>
  );
}
