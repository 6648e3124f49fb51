/*
 * The error catalogue of the storefront spec (§8). `code` 1 is success. Each code is an export of its
 * own, and modules import the catalogue as a namespace (`import * as ErrorCode from
 * '@/lib/error-codes'`, then `ErrorCode.IllegalRequest`): a page's script then carries only the codes
 * its modules name, where one object of them all was 0.35 KB of every page's script, gzipped
 * (docs/decisions/064).
 */
export const Success = 1;
export const RequestFailed = -1;
export const InvalidEmail = -201;
export const AccountExists = -202;
export const PasswordUndecodable = -203;
export const PasswordRule = -204;
export const AccountDisabled = -205;
export const AccountNotFound = -206;
export const WrongPassword = -207;
export const PasswordAuthFailed = -209;
export const ProductNotFound = -210;
export const LoginRequired = -212;
export const PaymentNotFound = -214;
export const OrderNotAbnormal = -217;
export const IllegalRequest = -218;
export const LinkExpired = -219;
export const CurrencyNotPayable = -222;
export const AlreadySubscribed = -224;
export const DataUnchanged = -225;
export const CouponActivated = -228;
export const CouponCancelled = -229;
export const InsufficientStock = -231;
export const CaptchaInvalid = -232;
export const CaptchaWrong = -233;
export const AntifakeCodeUnknown = -234;
/** Deleting an account waits until its orders are completed or closed. */
export const OpenOrdersBlockErasure = -240;
/** Back-office sign-in: the password was right; the operator's second factor asks for a code. */
export const SecondFactorRequired = -241;
/** A second-factor code that is wrong, too old, or used already. */
export const SecondFactorWrong = -242;
/** In production an operator turns on the second factor before anything else in the back office. */
export const SecondFactorEnrolmentRequired = -243;
/** A review of a size the customer has not received in a signed-for or completed order of hers. */
export const ReviewNotAllowed = -250;
/** Each size bought is reviewed once; the customer edits her review instead. */
export const AlreadyReviewed = -251;
/** A checkout past the orders awaiting payment, or the units they hold, one customer may have at once. */
export const TooManyUnpaidOrders = -252;
/** A sales rule refuses the goods at the destination, or the payment method for them there (docs/decisions/077-sales-rules.md). */
export const NotAvailableThere = -260;
/** Orders to this destination need an age check by a provider that the customer has not passed (docs/decisions/077-sales-rules.md). */
export const AgeCheckRequired = -261;
export const SystemBusy = -9999;
