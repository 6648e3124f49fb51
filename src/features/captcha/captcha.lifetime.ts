/**
 * How long a captcha can be answered. A module of its own: the privacy page states it, and the
 * page renderer should load no database code for that (docs/decisions/095).
 */
export const CAPTCHA_LIFETIME_SECONDS = 5 * 60;
