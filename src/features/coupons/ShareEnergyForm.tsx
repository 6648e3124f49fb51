import { useEffect, useState, type FormEvent } from 'react';
import { altBesideName } from '@/features/catalogue/catalogue';
import type { ProductOption } from '@/features/catalogue/catalogue.schema';
import type { MyEnergy } from '@/features/energy/energy.schema';
import { requestShare, shareLink } from '@/features/referral/share.store';
import { api, isSuccess } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import type { Coupon } from './coupons.schema';

type Props = { messages: Messages; expiryDays: number };

/**
 * /order/shareEnergy: choose a product and size that has a points price, spend the points on a gift
 * coupon, and share its link (the share dialog, type 1).
 */
export default function ShareEnergyForm({ messages, expiryDays }: Props) {
  const t = createTranslator(messages);
  const [balance, setBalance] = useState<number | null>(null);
  const [options, setOptions] = useState<ProductOption[] | null>(null);
  const [goodsId, setGoodsId] = useState<number | null>(null);
  const [specId, setSpecId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loadBalance = () =>
    api.get<MyEnergy>('energy/getMyEnergy').then((result) => isSuccess(result) && setBalance(result.data.balance));
  useEffect(() => {
    void loadBalance();
    void api
      .get<ProductOption[]>('goods/getProductOptionList')
      .then((result) => setOptions(isSuccess(result) ? result.data : []));
  }, []);

  const product = options?.find((option) => option.goodsId === goodsId);
  const size = product?.specifications.find((specification) => specification.goodsSpecificationId === specId);
  const short = size && balance !== null && balance < size.pointsPrice;

  const chooseProduct = (id: number) => {
    setGoodsId(id);
    const sizes = options?.find((option) => option.goodsId === id)?.specifications ?? [];
    setSpecId(sizes.length === 1 ? sizes[0]!.goodsSpecificationId : null);
    setProblem(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!size) return setProblem(t('gift.select_err'));
    if (short || busy) return;
    setBusy(true);
    const result = await api.post<Coupon>('coupon/addReceiveCoupon', {
      goodsSpecificationId: size.goodsSpecificationId,
    });
    setBusy(false);
    if (!isSuccess(result)) return setProblem(result.message);
    setProblem(null);
    void loadBalance();
    requestShare(1, shareLink(location.origin, 1, result.data.code));
  }

  if (!options) return <p>{t('page.loading')}</p>;
  if (options.length === 0) return <p className="placeholder">{t('gift.empty')}</p>;
  return (
    <form className="gift" onSubmit={(event) => void submit(event)} noValidate>
      <p className="field-hint">{t('gift.intro', { days: expiryDays })}</p>
      <p data-testid="gift-balance">{balance === null ? '…' : t('gift.balance', { points: balance })}</p>

      <fieldset className="gift__products">
        <legend>{t('gift.choose')}</legend>
        <div className="gift__grid">
          {options.map((option) => (
            <label key={option.goodsId} className="gift__product">
              <input
                type="radio"
                name="gift-product"
                checked={goodsId === option.goodsId}
                onChange={() => chooseProduct(option.goodsId)}
              />
              {option.picture && (
                <img
                  src={option.picture.url}
                  width={96}
                  height={96}
                  alt={altBesideName(option.picture.alt, option.goodsName)}
                  loading="lazy"
                />
              )}
              <span>{option.goodsName}</span>
              <small>
                {t('gift.pointsPrice', {
                  points: Math.min(...option.specifications.map((specification) => specification.pointsPrice)),
                })}
              </small>
            </label>
          ))}
        </div>
      </fieldset>

      {product && (
        <fieldset className="purchase__specs">
          <legend>{t('gift.size')}</legend>
          {product.specifications.map((specification) => (
            <label key={specification.goodsSpecificationId} className="purchase__spec">
              <input
                type="radio"
                name="gift-size"
                checked={specId === specification.goodsSpecificationId}
                onChange={() => {
                  setSpecId(specification.goodsSpecificationId);
                  setProblem(null);
                }}
              />
              {specification.specificationName}{' '}
              <small>{t('gift.pointsPrice', { points: specification.pointsPrice })}</small>
            </label>
          ))}
        </fieldset>
      )}

      {short && (
        <p className="field-error" role="alert">
          {t('gift.notEnough', { points: size.pointsPrice, balance: balance ?? 0 })}{' '}
          <a href="/order/recharge">{t('gift.rechargeLink')}</a>
        </p>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy || Boolean(short)}>
          {t('gift.create')}
        </button>
      </div>
    </form>
  );
}
