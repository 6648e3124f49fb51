import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { dismissToast, $toasts } from '@/lib/toast.store';
import type { Messages } from '@/lib/i18n/ui';
import { $cartDrawerOpen, $shareDialog, $signDialog } from './shell.store';

/* Dialogs load their code when first opened, so a page ships only the header's JavaScript up front. */
const SignDialog = lazy(() => import('@/features/auth/SignDialog'));
const CartDrawer = lazy(() => import('@/features/cart/CartDrawer'));
const ShareDialog = lazy(() => import('@/features/referral/ShareDialog'));

/** The shell's overlays: toasts, the sign dialog, the cart drawer and the share dialog. */
export default function Overlays({ messages }: { messages: Messages }) {
  const toasts = useStore($toasts);
  const sign = useStore($signDialog);
  const cartOpen = useStore($cartDrawerOpen);
  const share = useStore($shareDialog);

  return (
    <>
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <button type="button" key={toast.id} className={`toast toast--${toast.kind}`} onClick={() => dismissToast(toast.id)}>
            {toast.message}
          </button>
        ))}
      </div>
      <Suspense fallback={null}>
        {sign.open && <SignDialog messages={messages} />}
        {cartOpen && <CartDrawer messages={messages} />}
        {share.open && <ShareDialog messages={messages} />}
      </Suspense>
    </>
  );
}
