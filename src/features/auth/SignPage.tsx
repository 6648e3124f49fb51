import { useEffect, useState } from 'react';
import type { SignType } from '@/lib/shell.store';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { nextPageAfterSignIn } from './next-page';
import { SignForm } from './SignForm';
import { $signedIn, readShopState } from './user.store';

const types: SignType[] = ['sign', 'register', 'reset'];

/** Where `/sign?link=…` leads once signed in: a path inside the shop only. */
const nextPage = () => nextPageAfterSignIn(location.search, location.origin);

/** Whether the page before this one was the shop's: only then is going back going back into the shop. */
const cameFromShop = () => URL.canParse(document.referrer) && new URL(document.referrer).origin === location.origin;

/** /sign: the sign form as a page, used on phones, and where a mail's link asks for sign-in first (`link`). */
export default function SignPage({ messages }: { messages: Messages }) {
  const t = createTranslator(messages);
  const [type, setType] = useState<SignType>('sign');

  useEffect(() => {
    const asked = new URLSearchParams(location.search).get('type') as SignType | null;
    if (asked && types.includes(asked)) setType(asked);
    // Signed in already: straight on to the page the link names.
    const next = nextPage();
    if (next && $signedIn.get()) location.replace(next);
  }, []);

  const done = () => {
    const next = nextPage();
    if (next) location.replace(next);
    // Opened from outside the shop (a new tab, a bookmark), going back would leave it: the home page instead.
    else if (cameFromShop() && history.length > 1) history.back();
    else location.replace('/');
  };

  return (
    <section className="sign-page">
      <h1>{t(`sign.title.${type}`)}</h1>
      <SignForm type={type} onTypeChange={setType} onDone={done} t={t} initialEmail={readShopState().payEmail ?? ''} />
    </section>
  );
}
