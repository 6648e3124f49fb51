import { useEffect, useState } from 'react';
import type { Messages } from '@/lib/i18n/ui';
import type { Language } from '@/lib/locale';
import { adminCall } from './admin-api';
import BackOfficeAdverts from './adverts/BackOfficeAdverts';
import AuditLog from './audit-log/AuditLog';
import BackOfficeCatalogue from './catalogue/BackOfficeCatalogue';
import BackOfficeCustomers from './customers/BackOfficeCustomers';
import BackOfficeProgramme from './customers/BackOfficeProgramme';
import MailOutbox from './mail/MailOutbox';
import BackOfficeSecondFactor from './operators/BackOfficeSecondFactor';
import { SetPassword, SignIn, type Me } from './operators/OperatorSignIn';
import { may, type OperatorRole } from './operators/operators';
import OrdersBoard from './orders/OrdersBoard';
import PriceStockGrid from './prices/PriceStockGrid';
import BackOfficePublish from './publish/BackOfficePublish';
import BackOfficeReviews from './reviews/BackOfficeReviews';
import BackOfficeSalesRules from './sales-rules/BackOfficeSalesRules';
import BackOfficeShipping from './shipping/BackOfficeShipping';
import VerifyCodesSection from './verify-codes/VerifyCodesSection';

/*
 * The back office at /admin: operators sign in with their own accounts and see the sections their
 * role allows. The server checks every call again; hiding a section here is only a courtesy.
 */

/** `messages`: the strings of the sections that speak the operator's choice of the shop's languages, in each language. */
export default function BackOffice({ messages }: { messages: Record<Language, Messages> }) {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const invite = new URLSearchParams(window.location.search).get('invite');

  useEffect(() => {
    adminCall<Me>('/auth/me').then(setMe, () => setMe(null));
  }, []);

  if (invite) return <SetPassword token={invite} />;
  if (me === undefined) return <p className="backoffice__loading">Loading…</p>;
  if (me === null) return <SignIn onSignedIn={setMe} />;
  return <Console me={me} messages={messages} onSignedOut={() => setMe(null)} onChange={setMe} />;
}

type Section = 'orders' | 'catalogue' | 'prices' | 'adverts' | 'reviews' | 'customers' | 'programme' | 'shipping' | 'sales-rules' | 'verify-codes' | 'audit' | 'publish' | 'second-factor';
const sections: { id: Section; label: string; allowed: (role: OperatorRole) => boolean }[] = [
  { id: 'orders', label: 'Orders', allowed: (role) => may(role, 'orders.read') },
  { id: 'catalogue', label: 'Catalogue', allowed: (role) => may(role, 'catalogue.read') },
  { id: 'prices', label: 'Prices & stock', allowed: (role) => may(role, 'catalogue.read') },
  { id: 'adverts', label: 'Adverts', allowed: (role) => may(role, 'adverts.write') },
  { id: 'reviews', label: 'Reviews', allowed: (role) => may(role, 'reviews.moderate') },
  { id: 'customers', label: 'Customers', allowed: (role) => may(role, 'customers.read') },
  { id: 'programme', label: 'Energy programme', allowed: (role) => may(role, 'programme.read') },
  { id: 'shipping', label: 'Shipping & tax', allowed: (role) => may(role, 'shipping.manage') },
  { id: 'sales-rules', label: 'Sales rules', allowed: (role) => may(role, 'sales-rules.manage') },
  { id: 'verify-codes', label: 'Verification codes', allowed: (role) => may(role, 'verify-codes.issue') },
  { id: 'audit', label: 'Audit log', allowed: (role) => may(role, 'audit.read') },
  { id: 'publish', label: 'Publish', allowed: (role) => may(role, 'site.publish') },
  { id: 'second-factor', label: 'Two-step sign-in', allowed: () => true },
];

function Console({ me, messages, onSignedOut, onChange }: { me: Me; messages: Record<Language, Messages>; onSignedOut: () => void; onChange: (me: Me) => void }) {
  // In production the second factor comes first: the server answers nothing else until it is on.
  const enrolling = me.secondFactorRequired && !me.secondFactor;
  const mine = enrolling ? sections.filter((section) => section.id === 'second-factor') : sections.filter((section) => section.allowed(me.role));
  const [section, setSection] = useState<Section | undefined>(mine[0]?.id);
  const signOut = async (everywhere: boolean) => {
    await adminCall(everywhere ? '/auth/signOutEverywhere' : '/auth/signOut', {});
    onSignedOut();
  };
  return (
    <div className="backoffice__console">
      <header className="backoffice__bar">
        <strong>Energy Shop · Back office</strong>
        <nav aria-label="Sections" className="backoffice__sections">
          {mine.map((item) => (
            <button key={item.id} type="button" className="tab" aria-current={section === item.id ? 'page' : undefined} onClick={() => setSection(item.id)}>
              {item.label}
            </button>
          ))}
        </nav>
        <span className="backoffice__who">
          {me.email} ({me.role})
        </span>
        <button type="button" className="button button--ghost button--small" onClick={() => void signOut(false)}>
          Sign out
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => void signOut(true)}>
          Sign out everywhere
        </button>
      </header>
      <main className="backoffice__main">
        {section === 'orders' && <OrdersBoard role={me.role} />}
        {section === 'catalogue' && <BackOfficeCatalogue role={me.role} />}
        {section === 'prices' && <PriceStockGrid messages={messages} canWrite={may(me.role, 'catalogue.write')} />}
        {section === 'adverts' && <BackOfficeAdverts messages={messages} />}
        {section === 'reviews' && <BackOfficeReviews />}
        {section === 'customers' && <BackOfficeCustomers role={me.role} />}
        {section === 'customers' && <MailOutbox messages={messages} canRetry={may(me.role, 'customers.manage')} />}
        {section === 'programme' && <BackOfficeProgramme />}
        {section === 'shipping' && <BackOfficeShipping />}
        {section === 'sales-rules' && <BackOfficeSalesRules />}
        {section === 'verify-codes' && <VerifyCodesSection />}
        {section === 'audit' && <AuditLog />}
        {section === 'publish' && <BackOfficePublish role={me.role} />}
        {enrolling && <p role="status">Turn on two-step sign-in before anything else: the shop runs in production, where every operator signs in with a second factor.</p>}
        {section === 'second-factor' && <BackOfficeSecondFactor role={me.role} onChange={onChange} />}
        {!section && <p>Your role has no back-office section yet.</p>}
      </main>
    </div>
  );
}
