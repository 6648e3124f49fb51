import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '@/components/Icon';
import { clampQuantity, limits } from '@/lib/validation';

type Props = {
  value: number;
  onChange: (value: number) => void;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  /** Said where the quantity is typed when a typed number is outside 1–100 (it is then brought within). */
  limitMessage: string;
  disabled?: boolean;
};

/**
 * Quantity 1–100 (spec §5), with buttons and typing; a typed quantity outside the limit is brought
 * within it, never silently. The buttons' `data-step` lets a page step it before the island wakes
 * (purchase-live.ts).
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  decreaseLabel,
  increaseLabel,
  limitMessage,
  disabled = false,
}: Props) {
  const [beyondLimit, setBeyondLimit] = useState(false);
  const messageId = useId();
  const step = (next: number) => {
    setBeyondLimit(false);
    onChange(clampQuantity(next));
  };
  const type = (text: string) => {
    const typed = Number(text);
    setBeyondLimit(text !== '' && clampQuantity(typed) !== typed);
    onChange(clampQuantity(typed));
  };
  const input = useRef<HTMLInputElement>(null);
  // A quantity typed into the prebuilt input before the island woke is read as if typed now: the
  // island keeps it, and a number beyond the limit is brought within it and said so.
  useEffect(() => {
    const typed = input.current?.value;
    if (!input.current || typed === undefined || typed === String(value)) return;
    type(typed);
    input.current.value = String(clampQuantity(Number(typed)));
  }, []);
  return (
    <>
      <div className="stepper">
        <button
          type="button"
          className="icon-button"
          data-step={-1}
          onClick={() => step(value - 1)}
          disabled={disabled || value <= limits.cartQuantityMin}
          aria-label={decreaseLabel}
        >
          <Icon name="minus" />
        </button>
        <input
          ref={input}
          type="number"
          inputMode="numeric"
          min={limits.cartQuantityMin}
          max={limits.cartQuantityMax}
          value={value}
          aria-label={label}
          aria-invalid={beyondLimit ? true : undefined}
          aria-describedby={beyondLimit ? messageId : undefined}
          disabled={disabled}
          onChange={(event) => type(event.target.value)}
        />
        <button
          type="button"
          className="icon-button"
          data-step={1}
          onClick={() => step(value + 1)}
          disabled={disabled || value >= limits.cartQuantityMax}
          aria-label={increaseLabel}
        >
          <Icon name="plus" />
        </button>
      </div>
      {beyondLimit && (
        <p className="field-error" id={messageId} role="alert">
          {limitMessage}
        </p>
      )}
    </>
  );
}
