import { useId } from 'react';
import type { PayMethod } from '@/lib/pay-methods';

/** `note`: why the method cannot be chosen, or that it moves no real money (the test provider). */
export type PayMethodChoice = { payMethod: PayMethod; name: string; disabled?: boolean; note?: string | null };
type Props = {
  legend: string;
  methods: PayMethodChoice[];
  value: PayMethod | '';
  onChange: (payMethod: PayMethod) => void;
};

/**
 * The payment methods on offer, as radio buttons in cards like the shipping methods' (checkout and
 * recharge); a method's note sits under its name, in its card, and describes it.
 */
export function PayMethodPicker({ legend, methods, value, onChange }: Props) {
  const id = useId();
  return (
    <fieldset className="pay-methods">
      <legend>{legend}</legend>
      {methods.map((method) => (
        <div key={method.payMethod} className="pay-methods__option">
          <label>
            <input
              type="radio"
              name="payMethod"
              value={method.payMethod}
              checked={value === method.payMethod}
              disabled={method.disabled}
              onChange={() => onChange(method.payMethod)}
              aria-describedby={method.note ? `${id}-${method.payMethod}` : undefined}
            />
            {method.name}
          </label>
          {method.note && (
            <small className="pay-methods__note" id={`${id}-${method.payMethod}`}>
              {method.note}
            </small>
          )}
        </div>
      ))}
    </fieldset>
  );
}

/** The provider's methods as choices: one that cannot charge in this currency is shown, disabled, with why. */
export const providerChoices = (
  options: readonly { payMethod: PayMethod; name: string; available: boolean; note: string | null }[],
): PayMethodChoice[] =>
  options.map(({ payMethod, name, available, note }) => ({ payMethod, name, note, disabled: !available }));

/** The method chosen at first: the first one that can be paid with. */
export const firstAvailable = (options: readonly { payMethod: PayMethod; available: boolean }[]): PayMethod | '' =>
  options.find((option) => option.available)?.payMethod ?? '';
