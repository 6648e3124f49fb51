import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { Dialog } from '@/components/Dialog';
import { $signedIn } from '@/features/auth/user.store';
import { api, isSuccess, type ApiResult } from '@/lib/api-client';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { showToast } from '@/lib/toast.store';
import { addressBodyOf, emptyAddress, valuesOfAddress, type AddressValues } from './address-form';
import { AddressForm } from './AddressForm';
import type { Address, DeliveryCountryOption } from './delivery.schema';

type Editing = { mode: 'add' } | { mode: 'edit'; address: Address };

/** /my/address: the customer's addresses: add, edit, delete, and choose the default. */
export default function AddressBook({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const signedIn = useStore($signedIn);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [areas, setAreas] = useState<DeliveryCountryOption[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const load = useCallback(async () => {
    const result = await api.get<Address[]>('delivery/queryAddressList');
    if (isSuccess(result)) setAddresses(result.data);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    void load();
    void api.get<DeliveryCountryOption[]>('delivery/getDeliveryAreaOptionList').then((result) => {
      if (isSuccess(result)) setAreas(result.data);
    });
  }, [signedIn, load]);

  if (!signedIn) return null;
  if (!addresses) return <p>{t('page.loading')}</p>;

  async function afterChange<T>(result: ApiResult<T>, message: string) {
    if (!isSuccess(result)) return result;
    showToast('success', message);
    await load();
    return result;
  }

  async function save(values: AddressValues) {
    const body = addressBodyOf(values);
    const result =
      editing?.mode === 'edit'
        ? await api.put<Address>('delivery/updateAddress', { ...body, addressId: editing.address.addressId })
        : await api.post<Address>('delivery/addAddress', body);
    if (isSuccess(result)) setEditing(null);
    return afterChange(result, t('address.saved'));
  }

  const remove = async (addressId: number) => {
    setDeleting(null);
    await afterChange(
      await api.delete('delivery/deleteAddress', { searchParams: { addressId } }),
      t('address.deleted'),
    );
  };
  const makeDefault = async (addressId: number) =>
    afterChange(
      await api.put('delivery/setDefaultAddress', undefined, { searchParams: { addressId } }),
      t('address.defaultChanged'),
    );

  return (
    <div className="address-book">
      <div className="address-book__head">
        <button type="button" className="button" onClick={() => setEditing({ mode: 'add' })}>
          {t('address.add')}
        </button>
      </div>
      {addresses.length === 0 ? (
        <p className="placeholder">{t('address.empty')}</p>
      ) : (
        <ul className="address-list" aria-label={t('address.list')}>
          {addresses.map((address) => (
            <li key={address.addressId} className={`address-card${address.isDefault ? ' address-card--default' : ''}`}>
              <p className="address-card__name">
                {address.firstName} {address.lastName}
                {address.isDefault && <span className="tag">{t('address.default')}</span>}
              </p>
              <p className="address-card__lines">
                {address.address}
                {address.address2 && (
                  <>
                    <br />
                    {address.address2}
                  </>
                )}
                <br />
                {`${address.city}, ${address.stateName} ${address.zipCode}`}
                <br />
                {address.countryName}
                {address.phone && (
                  <>
                    <br />
                    {address.phone}
                  </>
                )}
              </p>
              {deleting === address.addressId ? (
                <div className="address-card__actions" role="group" aria-label={t('address.deleteConfirm')}>
                  <span>{t('address.deleteConfirm')}</span>
                  <button type="button" className="button button--small" onClick={() => void remove(address.addressId)}>
                    {t('address.delete')}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setDeleting(null)}
                  >
                    {t('address.cancel')}
                  </button>
                </div>
              ) : (
                <div className="address-card__actions">
                  <button type="button" className="link-button" onClick={() => setEditing({ mode: 'edit', address })}>
                    {t('address.edit')}
                  </button>
                  <button type="button" className="link-button" onClick={() => setDeleting(address.addressId)}>
                    {t('address.delete')}
                  </button>
                  {!address.isDefault && (
                    <button type="button" className="link-button" onClick={() => void makeDefault(address.addressId)}>
                      {t('address.setDefault')}
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.mode === 'edit' ? 'address.editTitle' : 'address.addTitle')}
        closeLabel={t('address.close')}
      >
        {editing && (
          <AddressForm
            key={editing.mode === 'edit' ? editing.address.addressId : 'new'}
            t={t}
            areas={areas}
            initial={editing.mode === 'edit' ? valuesOfAddress(editing.address) : emptyAddress()}
            submitLabel={t('address.save')}
            offerDefault={!(editing.mode === 'edit' && editing.address.isDefault)}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
    </div>
  );
}
