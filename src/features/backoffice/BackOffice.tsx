import { useCallback, useEffect, useState } from 'react';
import type { UiMessageKey } from '@/lib/i18n/ui';
import type { Language } from '@/lib/locale';
import { adminCall } from './admin-api';
import BackOfficeAdverts from './adverts/BackOfficeAdverts';
import AuditLog from './audit-log/AuditLog';
import BackOfficeCatalogue from './catalogue/BackOfficeCatalogue';
import BackOfficeCustomers from './customers/BackOfficeCustomers';
import BackOfficeProgramme from './customers/BackOfficeProgramme';
import MailOutbox from './mail/MailOutbox';
import BackOfficeOperators from './operators/BackOfficeOperators';
import BackOfficeSecondFactor from './operators/BackOfficeSecondFactor';
import { SetPassword, SignIn, type Me } from './operators/OperatorSignIn';
import { may, type OperatorRole } from './operators/operators';
import OrdersBoard from './orders/OrdersBoard';
import PriceStockGrid from './prices/PriceStockGrid';
import BackOfficePublish from './publish/BackOfficePublish';
import BackOfficeReviews from './reviews/BackOfficeReviews';
import BackOfficeSalesRules from './sales-rules/BackOfficeSalesRules';
import BackOfficeShipping from './shipping/BackOfficeShipping';
import { BackOfficeLanguageProvider, LanguagePicker, useBackOfficeLanguage, type SectionMessages } from './ui';
import VerifyCodesSection from './verify-codes/VerifyCodesSection';

/*
 * The back office at /admin: operators sign in with their own accounts and see the sections their
 * role allows. The server checks every call again; hiding a section here is only a courtesy.
 */

/**
 * `messages`: the back office's strings in each of the shop's languages. The whole back office speaks
 * the operator's choice of them, kept on their account once signed in (decision 083).
 */
export default function BackOffice({ messages }: { messages: SectionMessages }) {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const invite = new URLSearchParams(window.location.search).get('invite');

  useEffect(() => {
    adminCall<Me>('/auth/me').then(setMe, () => setMe(null));
  }, []);
  // Signed in, the choice is the operator's: saved on their account, so every browser and the API use it.
  const saveChoice = useCallback(
    (language: Language) => {
      if (me) void adminCall('/auth/setLanguage', { language }).catch(() => undefined);
    },
    [me],
  );

  return (
    <BackOfficeLanguageProvider messages={messages} initial={me?.language} onChosen={saveChoice}>
      {invite ? (
        <SetPassword token={invite} />
      ) : me === undefined ? (
        <Loading />
      ) : me === null ? (
        <SignIn onSignedIn={setMe} />
      ) : (
        <Console me={me} messages={messages} onSignedOut={() => setMe(null)} onChange={setMe} />
      )}
    </BackOfficeLanguageProvider>
  );
}

function Loading() {
  const { t } = useBackOfficeLanguage();
  return <p className="backoffice__loading">{t('admin.frame.loading')}</p>;
}

type Section =
  | 'orders'
  | 'catalogue'
  | 'prices'
  | 'adverts'
  | 'reviews'
  | 'customers'
  | 'programme'
  | 'shipping'
  | 'sales-rules'
  | 'verify-codes'
  | 'operators'
  | 'audit'
  | 'publish'
  | 'second-factor';
const sections: { id: Section; label: UiMessageKey; allowed: (role: OperatorRole) => boolean }[] = [
  { id: 'orders', label: 'admin.frame.section.orders', allowed: (role) => may(role, 'orders.read') },
  { id: 'catalogue', label: 'admin.frame.section.catalogue', allowed: (role) => may(role, 'catalogue.read') },
  { id: 'prices', label: 'admin.frame.section.prices', allowed: (role) => may(role, 'catalogue.read') },
  { id: 'adverts', label: 'admin.frame.section.adverts', allowed: (role) => may(role, 'adverts.write') },
  { id: 'reviews', label: 'admin.frame.section.reviews', allowed: (role) => may(role, 'reviews.moderate') },
  { id: 'customers', label: 'admin.frame.section.customers', allowed: (role) => may(role, 'customers.read') },
  { id: 'programme', label: 'admin.frame.section.programme', allowed: (role) => may(role, 'programme.read') },
  { id: 'shipping', label: 'admin.frame.section.shipping', allowed: (role) => may(role, 'shipping.manage') },
  { id: 'sales-rules', label: 'admin.frame.section.salesRules', allowed: (role) => may(role, 'sales-rules.manage') },
  { id: 'verify-codes', label: 'admin.frame.section.verifyCodes', allowed: (role) => may(role, 'verify-codes.issue') },
  { id: 'operators', label: 'admin.frame.section.operators', allowed: (role) => may(role, 'operators.manage') },
  { id: 'audit', label: 'admin.frame.section.audit', allowed: (role) => may(role, 'audit.read') },
  { id: 'publish', label: 'admin.frame.section.publish', allowed: (role) => may(role, 'site.publish') },
  { id: 'second-factor', label: 'admin.frame.section.secondFactor', allowed: () => true },
];

function Console({
  me,
  messages,
  onSignedOut,
  onChange,
}: {
  me: Me;
  messages: SectionMessages;
  onSignedOut: () => void;
  onChange: (me: Me) => void;
}) {
  const { language, t, choose } = useBackOfficeLanguage();
  // In production the second factor comes first: the server answers nothing else until it is on.
  const enrolling = me.secondFactorRequired && !me.secondFactor;
  const mine = enrolling
    ? sections.filter((section) => section.id === 'second-factor')
    : sections.filter((section) => section.allowed(me.role));
  const [section, setSection] = useState<Section | undefined>(mine[0]?.id);
  const signOut = async (everywhere: boolean) => {
    await adminCall(everywhere ? '/auth/signOutEverywhere' : '/auth/signOut', {});
    onSignedOut();
  };
  return (
    <div className="backoffice__console">
      <header className="backoffice__bar">
        <strong>{t('admin.frame.title')}</strong>
        <nav aria-label={t('admin.frame.sections')} className="backoffice__sections">
          {mine.map((item) => (
            <button
              key={item.id}
              type="button"
              className="tab"
              aria-current={section === item.id ? 'page' : undefined}
              onClick={() => setSection(item.id)}
            >
              {t(item.label)}
            </button>
          ))}
        </nav>
        <span className="backoffice__who">
          {me.email} ({t(`admin.frame.role.${me.role}`)})
        </span>
        <LanguagePicker
          label={t('admin.frame.language')}
          language={language}
          onChoose={choose}
          className="backoffice__language"
        />
        <button type="button" className="button button--ghost button--small" onClick={() => void signOut(false)}>
          {t('admin.frame.signOut')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => void signOut(true)}>
          {t('admin.frame.signOutEverywhere')}
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
        {section === 'operators' && <BackOfficeOperators me={me} />}
        {section === 'audit' && <AuditLog />}
        {section === 'publish' && <BackOfficePublish role={me.role} />}
        {enrolling && <p role="status">{t('admin.frame.enrolFirst')}</p>}
        {section === 'second-factor' && <BackOfficeSecondFactor role={me.role} onChange={onChange} />}
        {!section && <p>{t('admin.frame.noSection')}</p>}
      </main>
    </div>
  );
}
