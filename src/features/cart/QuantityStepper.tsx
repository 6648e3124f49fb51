import { useId, useState } from 'react';
import { Icon } from '@/components/Icon';
import { limits } from '@/lib/validation';

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

/** A typed quantity outside 1–100 (spec §5) is brought within the limit, never silently. */
export const clampQuantity = (typed: number) =>
  Math.min(limits.cartQuantityMax, Math.max(limits.cartQuantityMin, Math.round(typed) || limits.cartQuantityMin));

/** Quantity 1–100 (spec §5), with buttons and typing. */
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
  return (
    <>
      <div className="stepper">
        <button
          type="button"
          className="icon-button"
          onClick={() => step(value - 1)}
          disabled={disabled || value <= limits.cartQuantityMin}
          aria-label={decreaseLabel}
        >
          <Icon name="minus" />
        </button>
        <input
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
