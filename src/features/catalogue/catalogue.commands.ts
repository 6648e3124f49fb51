import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import { currencies, type Currency } from '@/lib/locale';
import { formatMoney, parseMajorUnits } from '@/lib/money';
import { operatorCommand, readArguments } from '@/server/cli/operator';
import type { Executor } from '@/server/db/client';
import { productSizePrices, productSizes } from '@/server/db/schema';
import { catalogueFromCsv } from './catalogue-csv';
import { importCatalogue } from './catalogue-import.service';
import { makeMissingPictureVariants } from './picture-variants.service';

/* The operator's catalogue commands: `npm run shop -- <command> --help`. */

const REBUILD_HINT = 'Run `npm run shop -- rebuild` to show the changes on the pages.';

async function findSizeId(db: Executor, sku: string): Promise<number> {
  const [row] = await db.select({ id: productSizes.id }).from(productSizes).where(eq(productSizes.sku, sku));
  if (!row) throw new Error(`No size with sku ${sku}.`);
  return row.id;
}

/** Sets the units that can still be sold (orders already placed keep theirs). */
export async function setStock(db: Executor, sku: string, stock: number): Promise<void> {
  await db
    .update(productSizes)
    .set({ stock })
    .where(eq(productSizes.id, await findSizeId(db, sku)));
}

/** Sets a size's price in one currency, or (null) stops selling it in that currency. */
export async function setPrice(
  db: Executor,
  sku: string,
  currency: Currency,
  price: { unitPrice: number; originalPrice?: number | undefined } | null,
): Promise<void> {
  const specificationId = await findSizeId(db, sku);
  if (!price) {
    await db
      .delete(productSizePrices)
      .where(and(eq(productSizePrices.specificationId, specificationId), eq(productSizePrices.currency, currency)));
    return;
  }
  const values = { unitPrice: price.unitPrice, originalPrice: price.originalPrice ?? null };
  await db
    .insert(productSizePrices)
    .values({ specificationId, currency, ...values })
    .onConflictDoUpdate({ target: [productSizePrices.specificationId, productSizePrices.currency], set: values });
}

/** Reads a catalogue file (JSON in the import format, or CSV) whose pictures are paths relative to it. */
export async function readCatalogueFile(file: string) {
  const text = await readFile(file, 'utf8');
  const extension = path.extname(file).toLowerCase();
  if (extension === '.json') return JSON.parse(text) as unknown;
  if (extension === '.csv') return catalogueFromCsv(text);
  throw new Error(`Import a .json or .csv file, not ${path.basename(file)}.`);
}

/** The import format's complaints, one per line, each naming where in the file. */
const describeInvalid = (error: ZodError) =>
  `The catalogue is not valid:\n${error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`;

const importUsage = 'import-catalogue <file.json|file.csv>';
export const importCatalogueCommand = operatorCommand({
  usage: importUsage,
  help: 'create or update products, sizes and adverts from a JSON file in the catalogue import format or a CSV file (columns in the README); pictures are paths relative to the file',
  async execute(args, { db, storage }) {
    const file = path.resolve(readArguments(args, importUsage, {}, { min: 1 }).positionals[0]!);
    const catalogue = await readCatalogueFile(file);
    try {
      const imported = await importCatalogue(
        db,
        storage,
        catalogue as Parameters<typeof importCatalogue>[2],
        (picture) => readFile(path.resolve(path.dirname(file), picture)),
      );
      return `Imported ${imported.products} products and ${imported.adverts} adverts. ${REBUILD_HINT}`;
    } catch (error) {
      throw error instanceof ZodError ? new Error(describeInvalid(error)) : error;
    }
  },
});

const stockUsage = 'set-stock <sku> <units>';
export const setStockCommand = operatorCommand({
  usage: stockUsage,
  help: 'set how many units of a size can still be sold',
  async execute(args, { db }) {
    const [sku, units] = readArguments(args, stockUsage, {}, { min: 2 }).positionals as [string, string];
    if (!/^\d+$/.test(units)) throw new Error(`usage: npm run shop -- ${stockUsage}`);
    await setStock(db, sku, Number(units));
    return `Stock of ${sku} set to ${units}. ${REBUILD_HINT}`;
  },
});

const priceUsage = 'set-price <sku> <USD|CNY|MYR> <price|none> [--original <price>]';
export const setPriceCommand = operatorCommand({
  usage: priceUsage,
  help: 'set the price of a size in one currency as a decimal amount (59.00), with an optional struck-through original price; "none" stops selling it in that currency',
  async execute(args, { db }) {
    const { positionals, values } = readArguments(args, priceUsage, { original: { type: 'string' } }, { min: 3 });
    const [sku, currencyText, priceText] = positionals as [string, string, string];
    const currency = currencyText.toUpperCase() as Currency;
    if (!currencies.includes(currency)) throw new Error(`usage: npm run shop -- ${priceUsage}`);
    if (priceText.toLowerCase() === 'none') {
      await setPrice(db, sku, currency, null);
      return `${sku} is no longer sold in ${currency}. ${REBUILD_HINT}`;
    }
    const unitPrice = parseMajorUnits(priceText);
    const originalPrice = values.original === undefined ? undefined : parseMajorUnits(values.original);
    if (!unitPrice || originalPrice === null || (originalPrice !== undefined && originalPrice < unitPrice)) {
      throw new Error(
        `Give a price above zero like 59.00, and an original price not below it. Usage: npm run shop -- ${priceUsage}`,
      );
    }
    await setPrice(db, sku, currency, { unitPrice, originalPrice });
    return `Price of ${sku} in ${currency} set to ${formatMoney(unitPrice, currency)}. ${REBUILD_HINT}`;
  },
});

const variantsUsage = 'picture-variants';
export const pictureVariantsCommand = operatorCommand({
  usage: variantsUsage,
  help: 'makes the sizes the pages show of every stored product and advert picture that lacks them (pictures stored before sizes were made at upload); a start does it once by itself, running it again makes nothing',
  async execute(args, { db, storage }) {
    readArguments(args, variantsUsage, {}, { min: 0 });
    const { pictures, made, lost } = await makeMissingPictureVariants({ db, storage });
    const summary = `Looked at ${pictures} pictures: made ${made} missing sizes.`;
    return lost.length ? `${summary}\nMissing from the picture store, so not sized: ${lost.join(', ')}.` : summary;
  },
});

export const catalogueCommands = {
  'import-catalogue': importCatalogueCommand,
  'picture-variants': pictureVariantsCommand,
  'set-stock': setStockCommand,
  'set-price': setPriceCommand,
};
