import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { sessionColumns, type SessionLookup, type SessionRow } from '@/features/auth/session';
import {
  type CatalogueReader,
  loadProducts,
  loadProductsOfKeptSizes,
  loadProductsOfSizes,
  type LiveStock,
} from '@/features/catalogue/catalogue-products.service';
import type { ProductDetails, ProductSize } from '@/features/catalogue/catalogue.schema';
import * as ErrorCode from '@/lib/error-codes';
import { limits } from '@/lib/validation';
import { preparedOnce, type Database, type Executor } from '@/server/db/client';
import { preparedAndKept } from '@/server/db/kept-reads';
import { cartLines, sessions, productSizes, users } from '@/server/db/schema';
import { ShopError } from '@/server/http/errors';
import { combineItems, countItems } from './cart';
import type { Cart, CartLine } from './cart.schema';
import type { CartItem } from '@/lib/cart-items';

/*
 * Signed-in customers' carts live here; visitors' carts live in the browser and are only priced here.
 * See docs/decisions/008-cart.md.
 */

/** A specification with its product, in the reader's language and currency. */
type Offer = { product: ProductDetails; specification: ProductSize };

/**
 * Offers of the specifications in `specificationIds`, whichever products they belong to, with their
 * stock as it is now (`live`) or as the catalogue keeps it (`kept`: checkout's statement takes the stock).
 */
async function loadOffers(
  reader: CatalogueReader,
  specificationIds: number[],
  stock: 'live' | 'kept',
): Promise<Map<number, Offer>> {
  if (stock === 'kept') return offersIn(await loadProductsOfKeptSizes(reader, specificationIds), new Map());
  const live = await loadProductsOfSizes(reader, specificationIds);
  return offersIn(live.products, live.stock);
}

/**
 * Every offer of these products, as the catalogue loads them: a cart line shows exactly what the
 * product page shows. The stock of a size in `stock` is the live count: a kept product's may be older.
 */
function offersIn(products: ProductDetails[], stock: LiveStock): Map<number, Offer> {
  const offers = new Map<number, Offer>();
  for (const product of products) {
    for (const specification of product.specifications) {
      const live = stock.get(specification.goodsSpecificationId);
      offers.set(specification.goodsSpecificationId, {
        product,
        specification: live === undefined ? specification : { ...specification, stock: live },
      });
    }
  }
  return offers;
}

function toCartLine({ product, specification }: Offer, goodsQuantity: number): CartLine {
  return {
    goodsSpecificationId: specification.goodsSpecificationId,
    goodsId: product.goodsId,
    goodsQuantity,
    goodsName: product.goodsName,
    specificationName: specification.specificationName,
    picture: product.picture?.url ?? null,
    pictureAlt: product.picture?.alt ?? product.goodsName,
    currency: specification.currency,
    symbol: specification.symbol,
    unitPrice: specification.unitPrice,
    originalPrice: specification.originalPrice,
    stock: specification.stock,
    onSale: product.onSale,
  };
}

/**
 * Prices a list of items. Unknown specifications are left out (`skip`: a stale browser cart still
 * opens) or answer -210 (`refuse`). Each line's stock is the live count unless `stock` is `kept`.
 */
export async function priceItems(
  reader: CatalogueReader,
  items: CartItem[],
  unknown: 'skip' | 'refuse',
  stock: 'live' | 'kept' = 'live',
): Promise<Cart> {
  const combined = combineItems(items);
  return priceWith(
    await loadOffers(
      reader,
      combined.map((item) => item.goodsSpecificationId),
      stock,
    ),
    combined,
    unknown,
  );
}

function priceWith(offers: Map<number, Offer>, items: CartItem[], unknown: 'skip' | 'refuse'): Cart {
  if (unknown === 'refuse' && items.some((item) => !offers.has(item.goodsSpecificationId))) {
    throw new ShopError(ErrorCode.ProductNotFound);
  }
  const list = items.flatMap((item) => {
    const offer = offers.get(item.goodsSpecificationId);
    return offer ? [toCartLine(offer, item.goodsQuantity)] : [];
  });
  return { list, total: countItems(list) };
}

/** The lines of a cart, oldest first, each with its product's id and its size's stock. */
type StoredLine = CartItem & { goodsId: number; stock: number };

/** The lines of the customer `userId` names, as JSON (columns are named in full: a select list leaves Drizzle's unqualified). */
const linesOfUser = (userId: SQL) => sql<StoredLine[]>`coalesce((
  select json_agg(json_build_object('goodsSpecificationId', line.specification_id, 'goodsQuantity', line.quantity, 'goodsId', size.goods_id, 'stock', size.stock)
    order by line.created_at, line.id)
  from ${cartLines} line join ${productSizes} size on size.id = line.specification_id
  where line.user_id = ${userId}), '[]'::json)`;

const cartLinesOf = preparedOnce((db) =>
  db
    .select({ lines: linesOfUser(sql`${users}.id`) })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('cart_lines_of'),
);

/**
 * The session and its customer's cart lines in one statement: what reading the cart costs is mostly
 * its round trips to the database (docs/decisions/038). The embedded database's process keeps the
 * rows until its next write (docs/decisions/090): every page a customer opens reads the cart.
 */
export const sessionWithCart: SessionLookup<SessionRow & { lines: StoredLine[] }> = preparedAndKept((db) =>
  db
    .select({ ...sessionColumns, lines: linesOfUser(sql`${sessions}.user_id`) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_with_cart'),
);

/** The customer's cart: its lines, and their products as the catalogue shows them (kept, or read in one query). */
export async function queryCart(reader: CatalogueReader, userId: number): Promise<Cart> {
  const [customer] = await cartLinesOf(reader.db).execute({ userId });
  return priceLines(reader, customer?.lines ?? []);
}

/** Prices stored lines with their products, kept or read in one query, and the stock the lines were read with. */
export async function priceLines(reader: CatalogueReader, lines: StoredLine[]): Promise<Cart> {
  const products = await loadProducts(reader, [...new Set(lines.map((line) => line.goodsId))]);
  return priceWith(
    offersIn(products, new Map(lines.map((line) => [line.goodsSpecificationId, line.stock]))),
    lines,
    'skip',
  );
}

/** -210 unknown, -231 taken down or fewer in stock than `quantity`, -222 not sold in the request's currency. */
async function findPurchasableOffer(
  reader: CatalogueReader,
  goodsSpecificationId: number,
  quantity: number,
): Promise<Offer> {
  const offer = (await loadOffers(reader, [goodsSpecificationId], 'live')).get(goodsSpecificationId);
  if (!offer) throw new ShopError(ErrorCode.ProductNotFound);
  if (!offer.product.onSale || offer.specification.stock < quantity) throw new ShopError(ErrorCode.InsufficientStock);
  if (offer.specification.unitPrice === null) throw new ShopError(ErrorCode.CurrencyNotPayable);
  return offer;
}

/** In one statement, so parallel adds to one line can never take it past 100. */
const addToLine = sql`LEAST(${cartLines.quantity} + excluded.quantity, ${limits.cartQuantityMax})`;

/**
 * Adds to the line (or starts it), capped at 100. A line that would then hold more than the stock
 * answers -231 and stays as it was.
 */
export async function addToCart(
  reader: CatalogueReader & { db: Database },
  userId: number,
  item: CartItem,
): Promise<Cart> {
  const offer = await findPurchasableOffer(reader, item.goodsSpecificationId, item.goodsQuantity);
  await reader.db.transaction(async (tx) => {
    const [line] = await tx
      .insert(cartLines)
      .values({ userId, specificationId: item.goodsSpecificationId, quantity: item.goodsQuantity })
      .onConflictDoUpdate({
        target: [cartLines.userId, cartLines.specificationId],
        set: { quantity: addToLine, updatedAt: new Date() },
      })
      .returning({ quantity: cartLines.quantity });
    if (!line || line.quantity > offer.specification.stock) throw new ShopError(ErrorCode.InsufficientStock);
  });
  return queryCart(reader, userId);
}

/** Sets the line's quantity (1–100), starting the line when the cart does not have it yet. */
export async function setCartQuantity(reader: CatalogueReader, userId: number, item: CartItem): Promise<Cart> {
  await findPurchasableOffer(reader, item.goodsSpecificationId, item.goodsQuantity);
  await reader.db
    .insert(cartLines)
    .values({ userId, specificationId: item.goodsSpecificationId, quantity: item.goodsQuantity })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.specificationId],
      set: { quantity: item.goodsQuantity, updatedAt: new Date() },
    });
  return queryCart(reader, userId);
}

export async function removeFromCart(
  reader: CatalogueReader,
  userId: number,
  goodsSpecificationId: number,
): Promise<Cart> {
  await reader.db
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.specificationId, goodsSpecificationId)));
  return queryCart(reader, userId);
}

/**
 * Folds a browser cart into the customer's: quantities add, capped at 100; unknown specifications are
 * skipped. Lines the customer cannot buy right now are kept, as they were in the browser.
 */
export async function mergeIntoCart(db: Executor, userId: number, items: CartItem[]): Promise<void> {
  const combined = combineItems(items);
  if (combined.length === 0) return;
  const known = await db
    .select({ id: productSizes.id })
    .from(productSizes)
    .where(
      inArray(
        productSizes.id,
        combined.map((item) => item.goodsSpecificationId),
      ),
    );
  const knownIds = new Set(known.map((row) => row.id));
  const lines = combined.filter((item) => knownIds.has(item.goodsSpecificationId));
  if (lines.length === 0) return;
  await db
    .insert(cartLines)
    .values(lines.map((item) => ({ userId, specificationId: item.goodsSpecificationId, quantity: item.goodsQuantity })))
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.specificationId],
      set: { quantity: addToLine, updatedAt: new Date() },
    });
}
