import { useEffect, useState } from 'react';
import type { SignType } from '@/features/shell/shell.store';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { SignForm } from './SignForm';
import { readShopState } from './user.store';

const types: SignType[] = ['sign', 'register', 'reset'];

/** /sign: the sign form as a page, used on phones. */
export default function SignPage({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const [type, setType] = useState<SignType>('sign');

  useEffect(() => {
    const asked = new URLSearchParams(location.search).get('type') as SignType | null;
    if (asked && types.includes(asked)) setType(asked);
  }, []);

  const done = () => (history.length > 1 ? history.back() : location.replace('/'));

  return (
    <section className="sign-page">
      <h1>{t(`sign.title.${type}`)}</h1>
      <SignForm type={type} onTypeChange={setType} onDone={done} t={t} initialEmail={readShopState().payEmail ?? ''} />
    </section>
  );
}
