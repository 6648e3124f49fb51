import { currencies, languages } from '@/lib/locale';
import { parseMajorUnits } from '@/lib/money';
import type { CatalogueImport, ProductImport } from './catalogue-import.schema';

/*
 * The catalogue as CSV, for operators who keep it in a spreadsheet: one row per size (specification);
 * rows sharing a slug are one product, whose columns are read from its first row. Prices are decimal
 * amounts ("59.00"); an empty price means the size is not sold in that currency. Pictures are paths
 * relative to the file, separated by "|". Adverts and reviews need the JSON format.
 */

const lang = languages.map((language) => language.toLowerCase());
export const catalogueCsvColumns = [
  'slug',
  'category',
  'on_sale',
  ...lang.map((language) => `name_${language}`),
  ...lang.map((language) => `summary_${language}`),
  ...lang.map((language) => `description_${language}`),
  'pictures',
  'sku',
  ...lang.map((language) => `size_${language}`),
  'stock',
  'points_price',
  ...currencies.flatMap((currency) => [`price_${currency.toLowerCase()}`, `original_price_${currency.toLowerCase()}`]),
] as const;
/** Prices, points and on_sale may be left out; every other column must be there. */
const requiredColumns = catalogueCsvColumns.filter((column) => column !== 'on_sale' && !column.includes('price'));

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index]!;
    if (quoted) {
      if (character === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        field += character;
      }
    } else if (character === '"' && field === '') {
      quoted = true;
    } else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && source[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += character;
    }
  }
  if (quoted) throw new Error('CSV: a quoted field is not closed');
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records.filter((row) => row.some((value) => value.trim() !== ''));
}

/** The catalogue a CSV file describes, in the import format (which then checks every value). */
export function catalogueFromCsv(text: string): CatalogueImport {
  const [header, ...records] = parseCsv(text);
  if (!header) throw new Error('CSV: the file is empty');
  const columns = header.map((name) => name.trim().toLowerCase());
  const missing = requiredColumns.filter((column) => !columns.includes(column));
  if (missing.length) throw new Error(`CSV: missing columns ${missing.join(', ')}`);

  const products = new Map<string, ProductImport>();
  records.forEach((record, index) => {
    const line = index + 2;
    const cell = (column: string) => (record[columns.indexOf(column)] ?? '').trim();
    const texts = (prefix: 'name' | 'summary' | 'description' | 'size') =>
      Object.fromEntries(
        languages.map((language) => [language, cell(`${prefix}_${language.toLowerCase()}`)]),
      ) as ProductImport['name'];
    const amount = (column: string) => {
      if (cell(column) === '') return undefined;
      const minor = parseMajorUnits(cell(column));
      if (minor === null) throw new Error(`CSV line ${line}, ${column}: "${cell(column)}" is not an amount like 59.00`);
      return minor;
    };
    const whole = (column: string) => {
      if (cell(column) === '') return undefined;
      if (!/^\d+$/.test(cell(column)))
        throw new Error(`CSV line ${line}, ${column}: "${cell(column)}" is not a whole number`);
      return Number(cell(column));
    };

    const prices = Object.fromEntries(
      currencies.flatMap((currency) => {
        const unitPrice = amount(`price_${currency.toLowerCase()}`);
        const originalPrice = amount(`original_price_${currency.toLowerCase()}`);
        return unitPrice === undefined
          ? []
          : [[currency, originalPrice === undefined ? { unitPrice } : { unitPrice, originalPrice }]];
      }),
    );
    const pointsPrice = whole('points_price');
    const specification = {
      sku: cell('sku'),
      name: texts('size'),
      stock: whole('stock') ?? 0,
      prices,
      ...(pointsPrice === undefined ? {} : { pointsPrice }),
    };

    const slug = cell('slug');
    const product = products.get(slug);
    if (product) {
      product.specifications.push(specification);
      return;
    }
    products.set(slug, {
      slug,
      category: cell('category') as ProductImport['category'],
      onSale: cell('on_sale') === '' || !/^(false|no|0)$/i.test(cell('on_sale')),
      name: texts('name'),
      summary: texts('summary'),
      description: texts('description'),
      pictures: cell('pictures')
        .split('|')
        .map((picture) => picture.trim())
        .filter(Boolean),
      specifications: [specification],
    });
  });
  return { products: [...products.values()] };
}
