/** The error catalogue of the storefront spec (§8). `code` 1 is success. */
export const ErrorCode = {
  Success: 1,
  RequestFailed: -1,
  InvalidEmail: -201,
  AccountExists: -202,
  PasswordUndecodable: -203,
  PasswordRule: -204,
  AccountDisabled: -205,
  AccountNotFound: -206,
  WrongPassword: -207,
  PasswordAuthFailed: -209,
  ProductNotFound: -210,
  LoginRequired: -212,
  PaymentNotFound: -214,
  OrderNotAbnormal: -217,
  IllegalRequest: -218,
  LinkExpired: -219,
  CurrencyNotPayable: -222,
  AlreadySubscribed: -224,
  DataUnchanged: -225,
  CouponActivated: -228,
  CouponCancelled: -229,
  InsufficientStock: -231,
  CaptchaInvalid: -232,
  CaptchaWrong: -233,
  AntifakeCodeUnknown: -234,
  /** Deleting an account waits until its orders are completed or closed. */
  OpenOrdersBlockErasure: -240,
  /** Back-office sign-in: the password was right; the operator's second factor asks for a code. */
  SecondFactorRequired: -241,
  /** A second-factor code that is wrong, too old, or used already. */
  SecondFactorWrong: -242,
  /** In production an operator turns on the second factor before anything else in the back office. */
  SecondFactorEnrolmentRequired: -243,
  /** A review of a size the customer has not received in a signed-for or completed order of hers. */
  ReviewNotAllowed: -250,
  /** Each size bought is reviewed once; the customer edits her review instead. */
  AlreadyReviewed: -251,
  /** A checkout past the orders awaiting payment, or the units they hold, one customer may have at once. */
  TooManyUnpaidOrders: -252,
  /** A sales rule refuses the goods at the destination, or the payment method for them there (docs/decisions/077-sales-rules.md). */
  NotAvailableThere: -260,
  /** Orders to this destination need an age check by a provider that the customer has not passed (docs/decisions/077-sales-rules.md). */
  AgeCheckRequired: -261,
  SystemBusy: -9999,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCodes = Object.values(ErrorCode).filter((code) => code !== ErrorCode.Success);
