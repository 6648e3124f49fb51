import { languages, currencies } from '@/lib/locale';
import { TextField } from '../catalogue-fields';
import { useBackOfficeLanguage } from '../ui';
import type { Errors, SizeDraft } from './catalogue-draft';

/** A size: its SKU and names, stock, points and its prices per currency. */
export function SizeEditor({
  index,
  size,
  errors,
  readOnly,
  removable,
  onChange,
  onRemove,
}: {
  index: number;
  size: SizeDraft;
  errors: Errors;
  readOnly: boolean;
  removable: boolean;
  onChange: (change: (size: SizeDraft) => void) => void;
  onRemove: () => void;
}) {
  const { t } = useBackOfficeLanguage();
  const path = `specifications.${index}`;
  const label = t('admin.catalogue.size', { number: index + 1 });
  return (
    <fieldset className="catalogue__size">
      <legend>{label}</legend>
      <div className="catalogue__row">
        <TextField
          label={t('admin.catalogue.sizeSku', { label })}
          value={size.sku}
          error={errors[`${path}.sku`]}
          readOnly={readOnly}
          onChange={(value) => onChange((next) => void (next.sku = value))}
        />
        {languages.map((language) => (
          <TextField
            key={language}
            label={t('admin.catalogue.sizeName', { label, language })}
            missingLabel={t('admin.catalogue.missing')}
            value={size.name[language]}
            missing={!size.name[language].trim()}
            error={errors[`${path}.name.${language}`]}
            readOnly={readOnly}
            onChange={(value) => onChange((next) => void (next.name[language] = value))}
          />
        ))}
      </div>
      <div className="catalogue__row">
        <TextField
          label={t('admin.catalogue.sizeStock', { label })}
          inputMode="numeric"
          value={size.stock}
          error={errors[`${path}.stock`]}
          readOnly={readOnly}
          onChange={(value) => onChange((next) => void (next.stock = value))}
        />
        <TextField
          label={t('admin.catalogue.sizePoints', { label })}
          inputMode="numeric"
          value={size.pointsPrice}
          hint={t('admin.catalogue.pointsHint')}
          error={errors[`${path}.pointsPrice`]}
          readOnly={readOnly}
          onChange={(value) => onChange((next) => void (next.pointsPrice = value))}
        />
      </div>
      <div className="catalogue__row">
        {currencies.map((currency) => (
          <div key={currency} className="catalogue__price">
            <TextField
              label={t('admin.catalogue.sizePrice', { label, currency })}
              inputMode="decimal"
              value={size.prices[currency].unit}
              hint={t('admin.catalogue.priceHint')}
              error={errors[`${path}.prices.${currency}.unitPrice`] ?? errors[`${path}.prices.${currency}`]}
              readOnly={readOnly}
              onChange={(value) => onChange((next) => void (next.prices[currency].unit = value))}
            />
            <TextField
              label={t('admin.catalogue.sizeOriginal', { label, currency })}
              inputMode="decimal"
              value={size.prices[currency].original}
              error={errors[`${path}.prices.${currency}.originalPrice`]}
              readOnly={readOnly}
              onChange={(value) => onChange((next) => void (next.prices[currency].original = value))}
            />
          </div>
        ))}
      </div>
      {removable && (
        <button type="button" className="button button--ghost button--small" onClick={onRemove}>
          {t('admin.catalogue.removeSize', { number: index + 1 })}
        </button>
      )}
    </fieldset>
  );
}
