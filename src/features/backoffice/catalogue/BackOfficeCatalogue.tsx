import { useState } from 'react';
import { adminCall } from '../admin-api';
import { may, type OperatorRole } from '../operators/operators';
import { useBackOfficeLanguage } from '../ui';
import { emptyTexts, newSize, type Editable, type Product } from './catalogue-draft';
import { ProductEditor } from './ProductEditor';
import { ProductList } from './ProductList';
import './catalogue.css';

/*
 * The back office's catalogue section: find products, edit one (texts in every language side by
 * side, pictures, sizes with stock and prices per currency) or create one. The
 * server saves through the catalogue import and answers every invalid field by its path.
 */
export default function BackOfficeCatalogue({ role }: { role: OperatorRole }) {
  const { t } = useBackOfficeLanguage();
  const [editing, setEditing] = useState<{ mode: 'create' | 'update'; editable: Editable } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const canWrite = may(role, 'catalogue.write');

  const open = async (slug: string) => {
    setNotice(null);
    setEditing({
      mode: 'update',
      editable: await adminCall<Editable>(`/catalogue/product?slug=${encodeURIComponent(slug)}`),
    });
  };
  const create = () => {
    setNotice(null);
    const product: Product = {
      slug: '',
      category: 'lingerie',
      onSale: true,
      name: emptyTexts(),
      summary: emptyTexts(),
      description: emptyTexts(),
      pictures: [],
      specifications: [newSize()],
    };
    setEditing({ mode: 'create', editable: { product, pictureUrls: [] } });
  };

  if (editing) {
    return (
      <ProductEditor
        key={editing.editable.product.slug || 'new'}
        mode={editing.mode}
        initial={editing.editable}
        canWrite={canWrite}
        onClose={(saved) => {
          setEditing(null);
          if (saved) {
            setNotice(t('admin.catalogue.saved', { slug: saved }));
            setReload((count) => count + 1);
          }
        }}
      />
    );
  }
  return (
    <ProductList
      onOpen={(slug) => void open(slug)}
      onCreate={canWrite ? create : undefined}
      notice={notice}
      reload={reload}
    />
  );
}
