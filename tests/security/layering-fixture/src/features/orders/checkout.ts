// Wrong on purpose: a feature that reaches up into the assembly.
import { assembled } from '../../app/main';
import { providerMethods } from '../../server/payments/provider';

export const ready = assembled && providerMethods.length > 0;
