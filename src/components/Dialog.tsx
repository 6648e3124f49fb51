import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Icon } from './Icon';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  /** `drawer` slides in from the right edge; `sheet` is a centred dialog (full screen on phones). */
  variant?: 'sheet' | 'drawer';
  width?: number;
  children: ReactNode;
};

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches inside `root`, in order. */
const tabStops = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>(focusable)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );

/**
 * A modal on the native <dialog>: the page behind is inert, Escape closes it, Tab and Shift+Tab go
 * round its own controls (the browser alone would let focus leave for its address bar), and focus
 * goes back to whatever opened it once it closes.
 */
export function Dialog({ open, onClose, title, closeLabel, variant = 'sheet', width = 600, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  // Before the browser paints: the modal opens (and the page behind turns inert) in the same frame
  // as the render that asked for it, so no frame shows the dialog's content outside the top layer.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
    if (!open && opener.current) {
      if (opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${variant}`}
      style={variant === 'sheet' ? { maxWidth: `min(${width}px, 100vw)` } : undefined}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key !== 'Tab' || !ref.current) return;
        const stops = tabStops(ref.current);
        const first = stops[0];
        const last = stops[stops.length - 1];
        if (!first || !last) return;
        const inside = ref.current.contains(document.activeElement);
        if (event.shiftKey && (!inside || document.activeElement === first)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
          event.preventDefault();
          first.focus();
        }
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
          <Icon name="close" />
        </button>
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
