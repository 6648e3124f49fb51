import type { CartLine } from '@/features/cart/cart.schema';
import type { AddressValues } from '@/features/delivery/address-form';
import type { Address, DeliveryCountryOption } from '@/features/delivery/delivery.schema';
import type { OrderDetails, PayMethodOption } from '@/features/orders/orders.schema';
import type { PayMethod } from '@/lib/pay-methods';
import { firstAvailable } from '@/features/payments/PayMethodPicker';
import type { UiMessageKey } from '@/lib/i18n/ui';
import { isValidEmail, isValidPassword } from '@/lib/validation';
import type { QuoteDestination } from './use-delivery-quote';

export type ContactField = 'email' | 'password';
/** A guest's email and new password (spec §5): the message key of the problem, or null. */
export const contactProblem: Record<ContactField, (value: string) => UiMessageKey | null> = {
  email: (value) => (!value.trim() ? 'sign.account_err' : !isValidEmail(value.trim()) ? 'sign.account_err2' : null),
  password: (value) => (!value ? 'sign.pass_err' : !isValidPassword(value) ? 'sign.pass_err2' : null),
};
export type ContactErrors = Partial<Record<ContactField, UiMessageKey>>;

/** Where the order ships: one of the customer's saved addresses, or one typed here. */
export type Destination = { addressId: number } | { values: AddressValues };

/** What the checkout form holds between the customer's steps (spec §2, §5). */
export type CheckoutFormState = {
  ids: number[] | null | undefined;
  /** "Buy now": the one size and quantity bought, beside the cart (decision 079). */
  buyNowLine: CartLine | null;
  areas: DeliveryCountryOption[];
  address: AddressValues | null;
  /** The country and state typed in the address form, as they change. */
  typed: QuoteDestination | null;
  methods: PayMethodOption[];
  payMethod: PayMethod | '';
  email: string;
  password: string;
  /** Errors show for fields the customer has left (or on placing the order), and clear once the value is fine. */
  contactErrors: ContactErrors;
  saved: Address[];
  addressChoice: number | 'new';
  referralCode: string | null | undefined;
  energy: number | null;
  /** An order placed to be paid in PayPal's card fields, here on the page. */
  cardOrder: OrderDetails | null;
  /** Back from an age-assurance provider (decision 077) that refused the customer. */
  ageCheckFailed: boolean;
};

export const initialCheckoutForm: CheckoutFormState = {
  ids: undefined,
  buyNowLine: null,
  areas: [],
  address: null,
  typed: null,
  methods: [],
  payMethod: '',
  email: '',
  password: '',
  contactErrors: {},
  saved: [],
  addressChoice: 'new',
  referralCode: undefined,
  energy: null,
  cardOrder: null,
  ageCheckFailed: false,
};

export type CheckoutFormAction =
  | { type: 'linesChosen'; ids: number[] | null; buyNowLine?: CartLine | null }
  | {
      type: 'started';
      methods: PayMethodOption[] | null;
      referralCode: string | null;
      areas: DeliveryCountryOption[];
      address: AddressValues;
    }
  | { type: 'energyRead'; balance: number }
  | { type: 'savedAddressesCleared' }
  | { type: 'savedAddressesRead'; saved: Address[] }
  | { type: 'payMethodChosen'; payMethod: PayMethod | '' }
  | { type: 'contactFieldChanged'; field: ContactField; value: string }
  | { type: 'contactFieldLeft'; field: ContactField; value: string }
  | { type: 'contactChecked'; problems: ContactErrors }
  | { type: 'addressChosen'; choice: number | 'new' }
  | { type: 'addressTyped'; typed: QuoteDestination }
  | { type: 'cardOrderPlaced'; order: OrderDetails }
  | { type: 'ageCheckSettled'; failed: boolean };

export function checkoutFormReducer(state: CheckoutFormState, action: CheckoutFormAction): CheckoutFormState {
  switch (action.type) {
    case 'linesChosen':
      return {
        ...state,
        ids: action.ids,
        ...(action.buyNowLine !== undefined ? { buyNowLine: action.buyNowLine } : {}),
      };
    case 'started':
      return {
        ...state,
        ...(action.methods ? { methods: action.methods, payMethod: firstAvailable(action.methods) } : {}),
        referralCode: action.referralCode,
        areas: action.areas,
        address: action.address,
        typed: { country: action.address.country, state: action.address.state },
      };
    case 'energyRead':
      return { ...state, energy: action.balance };
    case 'savedAddressesCleared':
      return { ...state, saved: [] };
    case 'savedAddressesRead':
      // A returning customer ships to a saved address (the default first) or types another.
      return { ...state, saved: action.saved, addressChoice: action.saved[0]?.addressId ?? 'new' };
    case 'payMethodChosen':
      return { ...state, payMethod: action.payMethod };
    case 'contactFieldChanged': {
      const cleared = state.contactErrors[action.field] && !contactProblem[action.field](action.value);
      return {
        ...state,
        [action.field]: action.value,
        ...(cleared ? { contactErrors: { ...state.contactErrors, [action.field]: undefined } } : {}),
      };
    }
    case 'contactFieldLeft':
      return {
        ...state,
        contactErrors: {
          ...state.contactErrors,
          [action.field]: contactProblem[action.field](action.value) ?? undefined,
        },
      };
    case 'contactChecked':
      return { ...state, contactErrors: action.problems };
    case 'addressChosen':
      return { ...state, addressChoice: action.choice, ...(action.choice === 'new' ? { typed: null } : {}) };
    case 'addressTyped':
      return { ...state, typed: action.typed };
    case 'cardOrderPlaced':
      return { ...state, cardOrder: action.order };
    case 'ageCheckSettled':
      return { ...state, ageCheckFailed: action.failed };
  }
}
