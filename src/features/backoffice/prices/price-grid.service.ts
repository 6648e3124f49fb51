// Kept in one file: reading the grid and writing a change set share the sizes' locking order and the catalogue
// import's rules for a size.
import { asc, eq, inArray } from 'drizzle-orm';
import { recordAudit, type Actor } from '@/features/audit/audit';
import { setPrice, setStock } from '@/features/catalogue/catalogue.commands';
import type { Category } from '@/lib/categories';
import { sizeImportSchema } from '@/features/catalogue/catalogue-import.schema';
import { currencies, type Currency } from '@/lib/locale';
import type { Executor } from '@/server/db/client';
import { products, productSizePrices, productSizes } from '@/server/db/schema';
import { invalidInput } from '@/server/http/errors';
import type { CatalogueQuery } from '../catalogue/catalogue.schema';
import { invalidProduct } from '../catalogue/invalid-fields';
import { exportProducts } from '../catalogue/product-export.service';
import { findProducts } from '../catalogue/product-list.service';
import { changedPrice, percentHundredths, productCell, sizeCell, type SizeField } from './price-grid';
import type { BulkAction, CellChange, CellEdit, ChangeSet, GridPage, PriceField } from './price-grid.schema';

/*
 * The price and stock grid: every size × currency of a page of products, edited cell by cell or by a
 * bulk action, each change set checked by the catalogue import's own rules for a size, written in one
 * transaction and audited as one entry. Stock edits keep the sales made since the grid was read.
 * See docs/decisions/046-price-and-stock-grid.md.
 */

/** The grid for the product list's filters, a page of products with every size. */
export async function readGrid(db: Executor, query: CatalogueQuery): Promise<GridPage> {
  const page = await findProducts(db, query);
  const productsBySlug = new Map(
    (
      await exportProducts(
        db,
        page.list.map((row) => row.slug),
      )
    ).map((product) => [product.slug, product]),
  );
  return {
    ...page,
    list: page.list.map((row) => {
      const product = productsBySlug.get(row.slug)!;
      return {
        slug: row.slug,
        name: product.name,
        category: row.category,
        onSale: row.onSale,
        sizes: product.specifications.map((size) => ({
          sku: size.sku,
          name: size.name,
          stock: size.stock,
          pointsPrice: size.pointsPrice ?? null,
          prices: Object.fromEntries(
            currencies.map((currency) => {
              const price = size.prices[currency];
              return [
                currency,
                price ? { unitPrice: price.unitPrice, originalPrice: price.originalPrice ?? null } : null,
              ];
            }),
          ) as GridPage['list'][number]['sizes'][number]['prices'],
        })),
      };
    }),
  };
}

/** A price as the grid edits it: both halves may be empty while the change set is being built. */
type DraftPrice = { unitPrice: number | null; originalPrice: number | null };
type SizeState = { stock: number; pointsPrice: number | null; prices: Record<Currency, DraftPrice | null> };
type LockedSize = SizeState & {
  id: number;
  sku: string;
  slug: string;
  goodsId: number;
  category: string;
  onSale: boolean;
};
/** A refused cell: where, why in English, and for the page a `reason` it words itself. */
type Issue = { path: PropertyKey[]; message: string; reason?: 'stock-moved' | 'needs-price' | 'unknown-size' };

/** The sizes with these SKUs, their rows locked in id order (as orders lock them) until the transaction ends. */
async function lockSizes(tx: Executor, skus: string[]): Promise<Map<string, LockedSize>> {
  const rows = await tx
    .select({
      id: productSizes.id,
      sku: productSizes.sku,
      stock: productSizes.stock,
      pointsPrice: productSizes.pointsPrice,
      goodsId: products.id,
      slug: products.slug,
      category: products.category,
      onSale: products.onSale,
    })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.goodsId))
    .where(inArray(productSizes.sku, skus))
    .orderBy(asc(productSizes.id))
    .for('update', { of: productSizes });
  const prices = rows.length
    ? await tx
        .select()
        .from(productSizePrices)
        .where(
          inArray(
            productSizePrices.specificationId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return new Map(
    rows.map((row) => {
      const own = (currency: Currency) =>
        prices.find((price) => price.specificationId === row.id && price.currency === currency);
      const sizePrices = Object.fromEntries(
        currencies.map((currency) => {
          const price = own(currency);
          return [currency, price ? { unitPrice: price.unitPrice, originalPrice: price.originalPrice } : null];
        }),
      ) as SizeState['prices'];
      return [row.sku, { ...row, prices: sizePrices }];
    }),
  );
}

const unknownSizes = (skus: string[], sizes: Map<string, LockedSize>): Issue[] =>
  [...new Set(skus)]
    .filter((sku) => !sizes.has(sku))
    .map((sku) => ({ path: [sku], message: 'No size with this SKU', reason: 'unknown-size' }));

/** The catalogue import's rules for a size's stock, points price and prices: one rule, here as in the import. */
const sizeRules = sizeImportSchema.pick({ stock: true, pointsPrice: true, prices: true });

/** What the import's rules say about a size as the change set leaves it, each issue at its cell. */
function sizeIssues(sku: string, state: SizeState): Issue[] {
  const issues: Issue[] = [];
  const prices: Partial<Record<Currency, { unitPrice: number; originalPrice?: number }>> = {};
  for (const currency of currencies) {
    const price = state.prices[currency];
    if (!price || (price.unitPrice === null && price.originalPrice === null)) continue;
    if (price.unitPrice === null) {
      issues.push({
        path: [sku, 'prices', currency, 'unitPrice'],
        message: 'Give the price too, or leave both empty',
        reason: 'needs-price',
      });
      continue;
    }
    prices[currency] =
      price.originalPrice === null
        ? { unitPrice: price.unitPrice }
        : { unitPrice: price.unitPrice, originalPrice: price.originalPrice };
  }
  const checked = sizeRules.safeParse({ stock: state.stock, pointsPrice: state.pointsPrice ?? undefined, prices });
  if (!checked.success)
    issues.push(...checked.error.issues.map((issue) => ({ path: [sku, ...issue.path], message: issue.message })));
  return issues;
}

const draftOf = (size: LockedSize): SizeState => ({
  stock: size.stock,
  pointsPrice: size.pointsPrice,
  prices: structuredClone(size.prices),
});

/** The cells in which a size's draft differs from what it is. */
function sizeChanges(size: LockedSize, draft: SizeState): CellChange[] {
  const changes: CellChange[] = [];
  const cell = (field: SizeField, currency: Currency | null, before: number | null, after: number | null) => {
    if (before !== after)
      changes.push({
        cell: sizeCell(size.sku, field, currency),
        slug: size.slug,
        sku: size.sku,
        field,
        currency,
        before,
        after,
      });
  };
  for (const currency of currencies) {
    const emptied = (price: DraftPrice | null) => (price?.unitPrice === null ? null : price);
    const before = size.prices[currency];
    const after = emptied(draft.prices[currency]);
    cell('unitPrice', currency, before?.unitPrice ?? null, after?.unitPrice ?? null);
    cell('originalPrice', currency, before?.originalPrice ?? null, after?.originalPrice ?? null);
  }
  cell('stock', null, size.stock, draft.stock);
  cell('pointsPrice', null, size.pointsPrice, draft.pointsPrice);
  return changes;
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Writes a checked change set through the catalogue's own writes, and audits it as one entry. */
async function writeChanges(
  tx: Executor,
  actor: Actor,
  action: string,
  subject: string,
  sizes: Map<string, LockedSize>,
  drafts: Map<string, SizeState>,
  changes: CellChange[],
) {
  for (const [sku, draft] of drafts) {
    const own = changes.filter((change) => change.sku === sku);
    for (const currency of currencies) {
      if (!own.some((change) => change.currency === currency)) continue;
      const price = draft.prices[currency];
      await setPrice(
        tx,
        sku,
        currency,
        price?.unitPrice ? { unitPrice: price.unitPrice, originalPrice: price.originalPrice ?? undefined } : null,
      );
    }
    if (own.some((change) => change.field === 'stock')) await setStock(tx, sku, draft.stock);
    if (own.some((change) => change.field === 'pointsPrice'))
      await tx
        .update(productSizes)
        .set({ pointsPrice: draft.pointsPrice })
        .where(eq(productSizes.id, sizes.get(sku)!.id));
  }
  const productChanges = changes.filter((change) => change.sku === null);
  for (const change of productChanges) {
    await tx
      .update(products)
      .set(change.field === 'onSale' ? { onSale: change.after as boolean } : { category: change.after as Category })
      .where(eq(products.slug, change.slug));
  }
  await recordAudit(tx, actor, {
    action,
    subject: `${subject}: ${counted(changes.length, 'cell')} of ${counted(new Set(changes.map((change) => change.slug)).size, 'product')}`,
    before: Object.fromEntries(changes.map((change) => [change.cell, change.before])),
    after: Object.fromEntries(changes.map((change) => [change.cell, change.after])),
  });
}

/**
 * Applies the grid's edited cells as one change set: all of them, or (any cell refused by the
 * catalogue's rules, -218 naming it) none. A stock edit moves the stock by what the operator changed
 * from the figure they saw, so units sold in between stay sold; -218 `stock-moved` if that would take
 * it below zero.
 */
export async function saveGridEdits(db: Executor, actor: Actor, edits: CellEdit[]): Promise<ChangeSet> {
  return db.transaction(async (tx) => {
    const skus = edits.map((edit) => edit.sku);
    const sizes = await lockSizes(tx, skus);
    const issues = unknownSizes(skus, sizes);
    const drafts = new Map<string, SizeState>();
    for (const edit of edits) {
      const size = sizes.get(edit.sku);
      if (!size) continue;
      const draft = drafts.get(edit.sku) ?? draftOf(size);
      drafts.set(edit.sku, draft);
      if (edit.field === 'stock') {
        const typed = sizeRules.shape.stock.safeParse(edit.value);
        const moved = size.stock + (edit.value - edit.seen);
        if (!typed.success)
          issues.push(...typed.error.issues.map((issue) => ({ path: [edit.sku, 'stock'], message: issue.message })));
        else if (moved < 0) {
          issues.push({
            path: [edit.sku, 'stock'],
            reason: 'stock-moved',
            message: `Sales changed the stock from ${edit.seen} to ${size.stock} since the grid was read; ${edit.value} would leave ${moved}`,
          });
        } else draft.stock = moved;
      } else if (edit.field === 'pointsPrice') {
        draft.pointsPrice = edit.value;
      } else {
        draft.prices[edit.currency] = {
          ...(draft.prices[edit.currency] ?? { unitPrice: null, originalPrice: null }),
          [edit.field]: edit.value,
        };
      }
    }
    for (const [sku, draft] of drafts) issues.push(...sizeIssues(sku, draft));
    if (issues.length) throw invalidProduct(issues);

    const changes = [...drafts].flatMap(([sku, draft]) => sizeChanges(sizes.get(sku)!, draft));
    if (changes.length) await writeChanges(tx, actor, 'catalogue.grid.save', 'Grid edits', sizes, drafts, changes);
    return { changes, applied: true };
  });
}

const describe = (action: BulkAction) => {
  switch (action.kind) {
    case 'set-price':
      return `Set ${action.currencies.join('/')} ${action.field} to ${action.amount ?? 'none'}`;
    case 'change-price':
      return `Change ${action.currencies.join('/')} ${action.fields.join('+')} by ${action.value > 0 ? '+' : ''}${action.value}${action.by === 'percent' ? ' %' : ' minor units'}`;
    case 'on-sale':
      return action.onSale ? 'Put on sale' : 'Take off sale';
    case 'move-category':
      return `Move to ${action.category}`;
  }
};

/** A size's prices after a price action; currencies (or original prices) it has none in are left alone. */
function pricedDraft(size: LockedSize, action: Extract<BulkAction, { kind: 'set-price' | 'change-price' }>): SizeState {
  const draft = draftOf(size);
  for (const currency of action.currencies) {
    const price = draft.prices[currency];
    if (action.kind === 'set-price') {
      if (action.field === 'unitPrice')
        draft.prices[currency] = { unitPrice: action.amount, originalPrice: price?.originalPrice ?? null };
      else if (price) price.originalPrice = action.amount;
      continue;
    }
    for (const field of action.fields as PriceField[]) {
      const before = price?.[field];
      if (price && before !== null && before !== undefined)
        price[field] = changedPrice(before, action.by, action.value);
    }
  }
  return draft;
}

/**
 * A bulk action on the selected sizes: prices set or changed in some currencies, or the products of
 * those sizes put on or taken off sale or moved to a category. With `preview` it answers what would
 * change (before → after per cell) and changes nothing; otherwise it applies the same as one audited
 * change set. A result the catalogue's rules refuse (a price at or below zero, or above its original
 * price) refuses the whole action, -218 naming the cell.
 */
export async function applyBulkAction(
  db: Executor,
  actor: Actor,
  request: { skus: string[]; action: BulkAction; preview: boolean },
): Promise<ChangeSet> {
  const { action } = request;
  if (action.kind === 'set-price' && action.field === 'unitPrice' && action.amount === null)
    throw invalidInput('action.amount');
  if (
    action.kind === 'change-price' &&
    (action.by === 'percent' ? percentHundredths(action.value) === null : !Number.isInteger(action.value))
  )
    throw invalidInput('action.value');

  return db.transaction(async (tx) => {
    const sizes = await lockSizes(tx, request.skus);
    const issues = unknownSizes(request.skus, sizes);
    if (issues.length) throw invalidProduct(issues);

    const drafts = new Map<string, SizeState>();
    const changes: CellChange[] = [];
    if (action.kind === 'on-sale' || action.kind === 'move-category') {
      const sizeBySlug = new Map([...sizes.values()].map((size) => [size.slug, size]));
      // Locked in id order, as payments lock them when they count units sold.
      await tx
        .select({ id: products.id })
        .from(products)
        .where(
          inArray(
            products.id,
            [...sizeBySlug.values()].map((size) => size.goodsId),
          ),
        )
        .orderBy(asc(products.id))
        .for('update');
      for (const [slug, product] of [...sizeBySlug].sort(([a], [b]) => a.localeCompare(b))) {
        const field = action.kind === 'on-sale' ? 'onSale' : 'category';
        const after = action.kind === 'on-sale' ? action.onSale : action.category;
        if (product[field] !== after)
          changes.push({
            cell: productCell(slug, field),
            slug,
            sku: null,
            field,
            currency: null,
            before: product[field],
            after,
          });
      }
    } else {
      for (const size of sizes.values()) {
        const draft = pricedDraft(size, action);
        drafts.set(size.sku, draft);
        issues.push(...sizeIssues(size.sku, draft));
      }
      if (issues.length) throw invalidProduct(issues);
      for (const [sku, draft] of drafts) changes.push(...sizeChanges(sizes.get(sku)!, draft));
    }
    if (request.preview) return { changes, applied: false };
    if (changes.length) await writeChanges(tx, actor, 'catalogue.grid.bulk', describe(action), sizes, drafts, changes);
    return { changes, applied: true };
  });
}
