import type { PayMethod } from './orders.schema';

export type PayMethodChoice = { payMethod: PayMethod; name: string; disabled?: boolean };
type Props = { legend: string; methods: PayMethodChoice[]; value: PayMethod | ''; onChange: (payMethod: PayMethod) => void };

/** The payment methods on offer, as radio buttons (checkout and recharge). */
export function PayMethodPicker({ legend, methods, value, onChange }: Props) {
  return (
    <fieldset className="pay-methods">
      <legend>{legend}</legend>
      {methods.map((method) => (
        <label key={method.payMethod} className="purchase__spec">
          <input type="radio" name="payMethod" value={method.payMethod} checked={value === method.payMethod} disabled={method.disabled} onChange={() => onChange(method.payMethod)} />
          {method.name}
        </label>
      ))}
    </fieldset>
  );
}
