import { useEffect, useRef, type ReactNode } from 'react';
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

/** A modal on the native <dialog>: the browser traps focus, closes on Escape and hides the page behind. */
export function Dialog({ open, onClose, title, closeLabel, variant = 'sheet', width = 600, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${variant}`}
      style={variant === 'sheet' ? { maxWidth: `min(${width}px, 100vw)` } : undefined}
      aria-labelledby="dialog-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog__head">
        <h2 id="dialog-title">{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
          <Icon name="close" />
        </button>
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
