import { useEffect, useState } from 'react';
import { Icon } from '@/components/Icon';
import { signedOutUserInfo } from '@/features/auth/auth';
import { $signedIn, $user, logout } from '@/features/auth/user.store';
import { $cart } from '@/features/cart/cart.store';
import { SearchForm } from '@/features/catalogue/SearchForm';
import { QuickExit } from '@/features/privacy/QuickExit';
import { requestShare } from '@/features/referral/share.store';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { $currencyOptions, $languageOptions } from '@/features/site/site-options';
import { currencies, currencySymbols, languageNames, languages, type Currency, type Language } from '@/lib/locale';
import { changeCurrency, changeLanguage, chooseSite } from '@/lib/site.store';
import { useClientStore } from '@/lib/use-client-store';
import { takeEarlyTaps, type EarlyAction } from '@/lib/early-taps';
import { $cartDrawerOpen, $mobileTitle, openSignIn } from '@/lib/shell.store';

const SCROLLED_AFTER_PX = 120;
const emptyCart = { list: [], total: 0 };
const noCartIconRoutes = ['/sign', '/shoppingCart'];
/** Mobile header icons by route (spec §2). */
const mobileShareRoutes = [
  '/',
  '/productsList',
  '/productsList/details',
  '/order',
  '/my/order',
  '/my/order/details',
  '/pay',
  '/pay_result',
  '/order/friends',
];
const mobileCartRoutes = [
  '/',
  '/productsList',
  '/productsList/details',
  '/order',
  '/my/order',
  '/my/order/details',
  '/pay',
  '/pay_result',
];

type Props = { route: string; title: string; language: Language; currency: Currency; messages: Messages };

export default function Header({ route, title, language, currency, messages }: Props) {
  const t = createTranslator(messages);
  const user = useClientStore($user, signedOutUserInfo);
  const signedIn = useClientStore($signedIn, false);
  const cart = useClientStore($cart, emptyCart);
  const mobileTitle = useClientStore($mobileTitle, '');
  // The prebuilt lists are the first paint; what the shop offers today follows from start-up's reads.
  const languageOptions = useClientStore($languageOptions, languages);
  const currencyOptions = useClientStore($currencyOptions, currencies);
  const [scrolled, setScrolled] = useState(route !== '/');
  const [menuOpen, setMenuOpen] = useState(false);
  const isHome = route === '/';
  const actions: Record<EarlyAction, () => void> = {
    cart: () => $cartDrawerOpen.set(true),
    share: () => requestShare(3),
    login: () => openSignIn('sign'),
    menu: () => setMenuOpen(true),
  };

  // What was chosen or pressed before the header woke (EarlyTaps.astro), carried out once, at hydration.
  useEffect(() => {
    const { language: chosenLanguage, currency: chosenCurrency, action } = takeEarlyTaps();
    const choice = {
      ...(chosenLanguage && chosenLanguage !== language && { language: chosenLanguage }),
      ...(chosenCurrency && chosenCurrency !== currency && { currency: chosenCurrency }),
    };
    if (choice.language || choice.currency) chooseSite(choice);
    // The prebuilt header shows Log in to everyone: a customer this browser knows is signed in already.
    else if (action && !(action === 'login' && $signedIn.get())) actions[action]();
  }, []);

  useEffect(() => {
    if (!isHome) return;
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [isHome]);

  const cartButton = (
    <button
      type="button"
      className="icon-button"
      data-early="cart"
      onClick={actions.cart}
      aria-label={cart.total ? `${t('nav.cart')} ${cart.total}` : t('nav.cart')}
    >
      <Icon name="cart" />
      {cart.total > 0 && (
        <span className="badge" aria-hidden="true">
          {cart.total}
        </span>
      )}
    </button>
  );
  const shareButton = (
    <button
      type="button"
      className="icon-button"
      data-early="share"
      onClick={actions.share}
      aria-label={t('nav.share')}
    >
      <Icon name="share" />
    </button>
  );

  return (
    <header className={`header${scrolled ? ' header--scrolled' : ''}${isHome ? ' header--home' : ''}`}>
      <div className="header__desktop">
        <a className="header__logo" href="/">
          Energy Shop
        </a>
        <nav className="header__nav" aria-label={t('nav.menu')}>
          <a href="/" aria-current={isHome ? 'page' : undefined}>
            {t('nav.home')}
          </a>
          <a href="/productsList" aria-current={route.startsWith('/productsList') ? 'page' : undefined}>
            {t('nav.products')}
          </a>
        </nav>
        <SearchForm t={t} id="header-search" route={route} />
        <div className="header__tools">
          <label className="visually-hidden" htmlFor="language-select">
            {t('nav.language')}
          </label>
          <select
            id="language-select"
            className="header__select"
            data-early="language"
            value={language}
            onChange={(event) => changeLanguage(event.target.value as Language)}
          >
            {languageOptions.map((option) => (
              <option key={option} value={option}>
                {languageNames[option]}
              </option>
            ))}
          </select>
          <label className="visually-hidden" htmlFor="currency-select">
            {t('nav.currency')}
          </label>
          <select
            id="currency-select"
            className="header__select"
            data-early="currency"
            value={currency}
            onChange={(event) => changeCurrency(event.target.value as Currency)}
          >
            {currencyOptions.map((option) => (
              <option key={option} value={option}>{`${currencySymbols[option]} ${option}`}</option>
            ))}
          </select>
          {shareButton}
          {!noCartIconRoutes.includes(route) && cartButton}
          <QuickExit label={t('nav.quickExit')} hint={t('nav.quickExitHint')} />
          {signedIn ? (
            <div className="header__account">
              <button
                type="button"
                className="icon-button"
                aria-haspopup="true"
                aria-label={`${user.firstName} ${user.lastName}`}
              >
                {user.headPicture ? (
                  <img className="header__avatar" src={user.headPicture} alt="" width={32} height={32} />
                ) : (
                  <Icon name="user" />
                )}
              </button>
              <div className="header__panel">
                {user.headPicture && (
                  <img className="header__panel-avatar" src={user.headPicture} alt="" width={56} height={56} />
                )}
                <p className="header__name">
                  {user.firstName} {user.lastName}
                </p>
                <p className="header__code">{t('nav.shareCode', { code: user.shareCode })}</p>
                <a href="/my/user">{t('nav.personalInfo')}</a>
                <a href="/my/order">{t('nav.myOrders')}</a>
                <a href="/order/energy">{t('nav.myEnergy')}</a>
                <button type="button" className="link-button" onClick={() => void logout()}>
                  {t('nav.logout')}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className="button" data-early="login" onClick={actions.login}>
              {t('nav.login')}
            </button>
          )}
        </div>
      </div>

      <div className="header__mobile">
        {isHome || route === '/verify' ? (
          <a className="header__logo" href="/">
            Energy Shop
          </a>
        ) : (
          <button
            type="button"
            className="icon-button"
            onClick={() => (history.length > 1 ? history.back() : location.assign('/'))}
            aria-label={t('nav.back')}
          >
            <Icon name="back" />
          </button>
        )}
        <p className="header__title">{isHome ? '' : mobileTitle || title}</p>
        <div className="header__tools">
          <QuickExit label={t('nav.quickExit')} shortLabel={t('nav.quickExitShort')} hint={t('nav.quickExitHint')} />
          {mobileShareRoutes.includes(route) && shareButton}
          {mobileCartRoutes.includes(route) && cartButton}
          {isHome && (
            <button
              type="button"
              className="icon-button"
              data-early="menu"
              onClick={actions.menu}
              aria-label={t('nav.menu')}
              aria-expanded={menuOpen}
            >
              <Icon name="menu" />
            </button>
          )}
        </div>
      </div>

      {menuOpen && (
        <div className="mobile-menu" role="dialog" aria-modal="true" aria-label={t('nav.menu')}>
          <button
            type="button"
            className="icon-button mobile-menu__close"
            onClick={() => setMenuOpen(false)}
            aria-label={t('nav.closeMenu')}
          >
            <Icon name="close" />
          </button>
          <nav>
            <SearchForm t={t} id="menu-search" route={route} />
            <a href="/productsList">{t('nav.products')}</a>
            <a href="/my/order">{t('nav.myOrders')}</a>
            <a href="/order/energy">{t('nav.myEnergy')}</a>
            <a href="/my/account_set">{t('nav.accountSettings')}</a>
            <div className="mobile-menu__choices">
              <select
                aria-label={t('nav.language')}
                value={language}
                onChange={(event) => changeLanguage(event.target.value as Language)}
              >
                {languageOptions.map((option) => (
                  <option key={option} value={option}>
                    {languageNames[option]}
                  </option>
                ))}
              </select>
              <select
                aria-label={t('nav.currency')}
                value={currency}
                onChange={(event) => changeCurrency(event.target.value as Currency)}
              >
                {currencyOptions.map((option) => (
                  <option key={option} value={option}>{`${currencySymbols[option]} ${option}`}</option>
                ))}
              </select>
            </div>
            {signedIn ? (
              <button type="button" className="button button--ghost" onClick={() => void logout()}>
                {t('nav.logout')}
              </button>
            ) : (
              <>
                <button type="button" className="button" onClick={() => openSignIn('sign')}>
                  {t('nav.login')}
                </button>
                <button type="button" className="button button--ghost" onClick={() => openSignIn('register')}>
                  {t('nav.register')}
                </button>
              </>
            )}
          </nav>
        </div>
      )}
    </header>
  );
}
