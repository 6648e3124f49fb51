import { lazy, Suspense, useEffect } from 'react';
import { showCarriedWelcome } from '@/features/auth/welcome';
import { dismissToast, toastMs, $toasts, type Toast } from '@/lib/toast.store';
import { useClientStore } from '@/lib/use-client-store';
import type { Messages } from '@/lib/i18n/ui';
import { $cartDrawerOpen, $shareDialog, $signDialog } from '@/lib/shell.store';

/* Dialogs load their code when first opened, so a page ships only the header's JavaScript up front. */
const SignDialog = lazy(() => import('@/features/auth/SignDialog'));
const CartDrawer = lazy(() => import('@/features/cart/CartDrawer'));
const ShareDialog = lazy(() => import('@/features/referral/ShareDialog'));

const noToasts: ReturnType<typeof $toasts.get> = [];
const closedSign = { open: false, type: 'sign' } as const;
const closedShare = { open: false, type: 3 } as const;

/**
 * The shell's overlays: toasts, the sign dialog, the cart drawer and the share dialog. They hydrate
 * on a person's first input, or as soon as a toast or a dialog is asked for (start-up.ts): what was
 * asked for waits in its store and shows at hydration (React hydrates with the prebuilt, closed
 * state, then renders the stores').
 */
export default function Overlays({ messages }: { messages: Messages }) {
  const toasts = useClientStore($toasts, noToasts);
  const sign = useClientStore($signDialog, closedSign);
  const cartOpen = useClientStore($cartDrawerOpen, false);
  const share = useClientStore($shareDialog, closedShare);
  // A welcome carried from /sign shows once the toasts can.
  useEffect(showCarriedWelcome, []);

  return (
    <>
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <ShownToast key={toast.id} toast={toast} />
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

/** A toast, for its few seconds from the moment it is on screen; a press dismisses it sooner. */
function ShownToast({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toastMs(toast.kind));
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <button type="button" className={`toast toast--${toast.kind}`} onClick={() => dismissToast(toast.id)}>
      {toast.message}
    </button>
  );
}
