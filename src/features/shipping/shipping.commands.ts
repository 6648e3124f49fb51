import { readFile } from 'node:fs/promises';
import { toMajorUnits } from '@/lib/money';
import { operatorCommand, parsed, readArguments } from '@/server/cli/operator';
import { shippingZoneInputSchema, taxRateInputSchema } from './shipping.schema';
import { deleteShippingZone, deleteTaxRate, saveShippingZone, saveTaxRate, shippingSetup } from './shipping.service';

/* The operator's shipping and tax commands, the same rules the back office calls: `npm run shop -- <command> --help`. */

/** `US` or `US-CA` as a country and a state. */
function destinationOf(text: string) {
  const [country = '', state = ''] = text.toUpperCase().split('-');
  return { country, state };
}

const listUsage = 'shipping-list';
const zoneUsage = 'shipping-zone <zone.json>';
const zoneDeleteUsage = 'shipping-zone-delete <zone id>';
const taxUsage = 'tax-rate <COUNTRY[-STATE]> <percent> (--included | --added) --label <name>';
const taxDeleteUsage = 'tax-rate-delete <COUNTRY[-STATE]>';

export const shippingCommands = {
  'shipping-list': operatorCommand({
    usage: listUsage,
    help: 'list the shipping zones with their methods and prices, and the tax rates',
    async execute(args, { db }) {
      readArguments(args, listUsage, {}, { min: 0 });
      const { zones, taxRates } = await shippingSetup(db);
      const prices = (amounts: Record<string, number>) =>
        Object.entries(amounts)
          .map(([currency, amount]) => `${currency} ${toMajorUnits(amount)}`)
          .join(', ') || '-';
      return (
        [
          ...zones.flatMap((zone) => [
            `zone ${zone.shippingZoneId} ${zone.name}: ${zone.regions.join(' ')}`,
            ...zone.methods.map(
              (method) =>
                `  method ${method.shippingMethodId} ${method.name.EN} (${method.deliveryTime.EN}): ${prices(method.prices)}; free from ${prices(method.freeFrom)}`,
            ),
          ]),
          ...taxRates.map(
            (rate) =>
              `tax ${rate.state ? `${rate.country}-${rate.state}` : rate.country}: ${rate.rateBasisPoints / 100}% ${rate.label}, ${rate.included ? 'included in prices' : 'added at checkout'}`,
          ),
        ].join('\n') || 'No shipping zones and no tax rates: every destination ships free, untaxed.'
      );
    },
  }),
  'shipping-zone': operatorCommand({
    usage: zoneUsage,
    help: 'create or change a shipping zone from a JSON file, as the back office sends it ({ "shippingZoneId"?, "name", "regions": ["MY"], "methods": [...] })',
    async execute(args, { db }) {
      const [file] = readArguments(args, zoneUsage, {}, { min: 1 }).positionals;
      const zone = await saveShippingZone(
        db,
        'cli',
        parsed(shippingZoneInputSchema.safeParse(JSON.parse(await readFile(file!, 'utf8')))),
      );
      return `Saved zone ${zone.shippingZoneId} ${zone.name} (${zone.regions.join(' ')}) with ${zone.methods.length} method(s).`;
    },
  }),
  'shipping-zone-delete': operatorCommand({
    usage: zoneDeleteUsage,
    help: 'delete a shipping zone and its methods (placed orders keep theirs)',
    async execute(args, { db }) {
      const [id] = readArguments(args, zoneDeleteUsage, {}, { min: 1 }).positionals;
      await deleteShippingZone(db, 'cli', Number(id));
      return `Deleted zone ${id}.`;
    },
  }),
  'tax-rate': operatorCommand({
    usage: taxUsage,
    help: "set a country's or a state's tax: a percent with at most two decimals, included in prices or added at checkout",
    async execute(args, { db }) {
      const { positionals, values } = readArguments(
        args,
        taxUsage,
        { included: { type: 'boolean' }, added: { type: 'boolean' }, label: { type: 'string' } },
        { min: 2 },
      );
      if (values.included === values.added) throw new Error(`usage: npm run shop -- ${taxUsage}`);
      const percent = /^\d{1,3}(?:\.\d{1,2})?$/.test(positionals[1]!)
        ? Math.round(Number(positionals[1]) * 100)
        : Number.NaN;
      const rate = await saveTaxRate(
        db,
        'cli',
        parsed(
          taxRateInputSchema.safeParse({
            ...destinationOf(positionals[0]!),
            rateBasisPoints: percent,
            included: values.included === true,
            label: values.label,
          }),
        ),
      );
      return `Tax ${positionals[0]!.toUpperCase()}: ${rate.rateBasisPoints / 100}% ${rate.label}, ${rate.included ? 'included in prices' : 'added at checkout'}.`;
    },
  }),
  'tax-rate-delete': operatorCommand({
    usage: taxDeleteUsage,
    help: "remove a country's or a state's tax rate",
    async execute(args, { db }) {
      const [destination] = readArguments(args, taxDeleteUsage, {}, { min: 1 }).positionals;
      await deleteTaxRate(db, 'cli', destinationOf(destination!));
      return `Removed the tax of ${destination!.toUpperCase()}.`;
    },
  }),
};
