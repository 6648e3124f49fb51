import type { UiMessageKey } from '@/lib/i18n/ui';

/** Routes of the storefront spec whose content other parts of the shop provide; the shell is here. */
export const comingSoon: Record<string, UiMessageKey> = {
  'apply-text': 'page.applyText',
};
