import { SHOW_PICTURE_EVENT } from '@/features/catalogue/catalogue';
import { fetchStock, stockOfPage } from '@/features/catalogue/live-stock';
import { createTranslator, type Messages } from '@/lib/i18n/ui';
import { clampQuantity, limits } from '@/lib/validation';
import { isAwake } from '@/lib/wake';
import { purchaseView, stockStatusClass, stockStatusText, type LiveStock } from './purchase-view';

/*
 * The purchase form before its island wakes (it waits for a person, docs/decisions/098): the page asks
 * for the live stock and shows it as the island would (purchase-view.ts); a size can be chosen and the
 * quantity typed or stepped; Add to cart and Buy now are carried out by the island as it wakes
 * (EarlyTaps.astro). The island starts from what was shown and chosen here (`earlyPurchase`).
 */

type Shown = { live: LiveStock; chosenId: number | null; quantity: number };
/** The live stock and the size chosen, as last heard. */
const state: { live: LiveStock; chosenId: number | null } = { live: { status: 'checking' }, chosenId: null };
/** What the page last showed: the island hydrates over it. */
let shown: Shown | null = null;

const formOf = () => document.querySelector<HTMLFormElement>('form[data-purchase]');
const asleep = (form: HTMLFormElement) => Boolean(form.closest('astro-island[ssr]'));
const quantityInput = (form: HTMLFormElement) => form.querySelector<HTMLInputElement>('input[type="number"]');

/**
 * What the page last showed before the island woke (`shown`: the island starts from it, so it hydrates
 * over the same words), and the size and quantity chosen since, up to now; null when it showed nothing.
 */
export function earlyPurchase(): { shown: Shown; chosenId: number | null; quantity: number } | null {
  const form = typeof document === 'undefined' ? null : formOf();
  if (!form || !shown) return null;
  return { shown, chosenId: state.chosenId, quantity: clampQuantity(Number(quantityInput(form)?.value)) };
}

/** Shows the live stock on the purchase form and answers its controls until the island wakes. */
export async function showPurchaseBeforeWaking() {
  const form = formOf();
  if (!form) return;
  form.addEventListener('change', (event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || radio.name !== 'specification' || !asleep(form)) return;
    state.chosenId = Number(radio.value);
    show(form);
    if (radio.dataset.picture)
      document.dispatchEvent(new CustomEvent(SHOW_PICTURE_EVENT, { detail: Number(radio.dataset.picture) }));
  });
  // A quantity typed: the steppers' limits follow it, as the island's would.
  form.addEventListener('input', (event) => {
    if (event.target === quantityInput(form)) show(form);
  });
  form.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button') : null;
    if (!button || !asleep(form)) return;
    const input = quantityInput(form);
    if (button.dataset.step && input)
      input.value = String(clampQuantity(Number(input.value) + Number(button.dataset.step)));
    if ('checkAgain' in button.dataset) void askStock(form, 'again');
    show(form);
  });
  await askStock(form);
}

/** The product's live stock: first as the page's start-up asked for it, then asked again when the shopper says so. */
async function askStock(form: HTMLFormElement, when: 'first' | 'again' = 'first') {
  state.live = { status: 'checking' };
  show(form);
  const goodsId = Number(form.dataset.purchase);
  const found = (await (when === 'first' ? stockOfPage() : fetchStock([goodsId])))?.get(goodsId);
  state.live = found ? { status: 'known', product: found } : { status: 'failed' };
  show(form);
}

/**
 * What ProductPurchase.tsx renders for the same state, set on the prebuilt form while it sleeps. Once
 * the islands are woken, React may be hydrating this form: it is left alone, and the island reads
 * what was chosen as it mounts.
 */
function show(form: HTMLFormElement) {
  if (isAwake()) return;
  // The island's own words for what changes (`data-words`): the page's dictionaries stay out of its code.
  const t = createTranslator(JSON.parse(form.dataset.words ?? '{}') as Messages);
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[name="specification"]')];
  const options = radios.map((radio) => ({
    goodsSpecificationId: Number(radio.value),
    unitPrice: radio.dataset.unitPrice ? Number(radio.dataset.unitPrice) : null,
  }));
  const view = purchaseView(options, state.live, state.chosenId);
  for (const radio of radios) {
    radio.checked = Number(radio.value) === view.chosen?.goodsSpecificationId;
    const soldOut = view.stockOf(Number(radio.value)) === 0;
    radio.closest('label')?.classList.toggle('purchase__spec--sold-out', soldOut);
    const said = radio.closest('label')?.querySelector('.visually-hidden');
    if (said) said.textContent = soldOut ? t('product.outOfStock') : '';
  }
  const chosen = radios.find((radio) => radio.checked)?.dataset;
  const price = form.querySelector('[data-price-shown]');
  if (price) {
    price.className = chosen?.price ? 'price' : 'product-card__muted';
    const original = chosen?.original
      ? [Object.assign(document.createElement('s'), { textContent: chosen.original })]
      : [];
    price.replaceChildren(chosen?.price ?? t('product.noPrice'), ...original);
  }
  const line = form.querySelector('[data-stock-status]');
  if (line) {
    line.className = stockStatusClass[view.status];
    line.textContent = stockStatusText(view.status, view.stock, t, null);
  }
  const checkAgain = form.querySelector<HTMLButtonElement>('[data-check-again]');
  if (checkAgain) {
    checkAgain.hidden = view.status !== 'failed';
    checkAgain.textContent = view.status === 'failed' ? t('product.checkAgain') : '';
  }
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[data-early]')) button.disabled = !view.buyable;
  const input = quantityInput(form);
  const quantity = clampQuantity(Number(input?.value));
  shown = { ...state, quantity };
  if (!input) return;
  input.disabled = !view.buyable;
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[data-step]'))
    button.disabled =
      !view.buyable ||
      (button.dataset.step === '-1' ? quantity <= limits.cartQuantityMin : quantity >= limits.cartQuantityMax);
}
