import { Icon } from '@/components/Icon';
import { limits } from '@/lib/validation';

type Props = { value: number; onChange: (value: number) => void; label: string; decreaseLabel: string; increaseLabel: string; disabled?: boolean };

/** Quantity 1–100 (spec §5), with buttons and typing. */
export function QuantityStepper({ value, onChange, label, decreaseLabel, increaseLabel, disabled = false }: Props) {
  const set = (next: number) => onChange(Math.min(limits.cartQuantityMax, Math.max(limits.cartQuantityMin, Math.round(next) || limits.cartQuantityMin)));
  return (
    <div className="stepper">
      <button type="button" className="icon-button" onClick={() => set(value - 1)} disabled={disabled || value <= limits.cartQuantityMin} aria-label={decreaseLabel}>
        <Icon name="minus" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={limits.cartQuantityMin}
        max={limits.cartQuantityMax}
        value={value}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => set(Number(event.target.value))}
      />
      <button type="button" className="icon-button" onClick={() => set(value + 1)} disabled={disabled || value >= limits.cartQuantityMax} aria-label={increaseLabel}>
        <Icon name="plus" />
      </button>
    </div>
  );
}
