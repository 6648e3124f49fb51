import { operatorCommand, parsed, readArguments } from '@/server/cli/operator';
import { describeRule } from './sales-rules';
import { ageCheckRegionBodySchema, salesRuleInputSchema } from './sales-rules.schema';
import { listAgeCheckRegions, saveAgeCheckRegion } from './age-checks.service';
import { deleteSalesRule, listSalesRules, saveSalesRule } from './sales-rules.service';

/* The operator's sales-rule commands, the same rules the back office calls: `npm run shop -- <command> --help`. */

const listUsage = 'sales-rules';
const ruleUsage =
  'sales-rule <category | product:ID> <* | COUNTRY[-STATE]> (--allow | --refuse) [--method paypal|card|test|ep] [--note text]';
const deleteUsage = 'sales-rule-delete <rule id>';
const ageUsage = 'age-check-region [<* | COUNTRY[-STATE]> <provider | none>]';

export const salesRuleCommands = {
  'sales-rules': operatorCommand({
    usage: listUsage,
    help: 'list what may be sold where and paid how',
    async execute(args, { db }) {
      readArguments(args, listUsage, {}, { min: 0 });
      const rules = await listSalesRules(db);
      return (
        rules.map(describeRule).join('\n') ||
        'No sales rules: every product is sold, and every payment method takes it, wherever the shop ships.'
      );
    },
  }),
  'sales-rule': operatorCommand({
    usage: ruleUsage,
    help: 'set whether a category (or one product) may be sold at a destination, or, with --method, whether that payment method may carry it there; a state wins over its country, a product over its category',
    async execute(args, { db }) {
      const { positionals, values } = readArguments(
        args,
        ruleUsage,
        {
          allow: { type: 'boolean' },
          refuse: { type: 'boolean' },
          method: { type: 'string' },
          note: { type: 'string' },
        },
        { min: 2 },
      );
      if (values.allow === values.refuse) throw new Error(`usage: npm run shop -- ${ruleUsage}`);
      const [subject = '', region = ''] = positionals;
      const product = /^product:(\d+)$/.exec(subject);
      const input = parsed(
        salesRuleInputSchema.safeParse({
          ...(product ? { goodsId: Number(product[1]) } : { category: subject }),
          region,
          allowed: values.allow === true,
          payMethod: values.method ?? null,
          note: values.note ?? '',
        }),
      );
      return `Saved ${describeRule(await saveSalesRule(db, 'cli', input))}.`;
    },
  }),
  'age-check-region': operatorCommand({
    usage: ageUsage,
    help: "list the destinations whose orders need a provider's age check, or set one (`none` asks none there again); the 18+ confirmation stays everyone's",
    async execute(args, { db }) {
      const { positionals } = readArguments(args, ageUsage, {}, { min: 0, max: 2 });
      if (positionals.length === 0)
        return (
          (await listAgeCheckRegions(db)).map((row) => `age check ${row.region}: ${row.provider}`).join('\n') ||
          'No destination asks for an age check beyond the 18+ confirmation.'
        );
      if (positionals.length !== 2) throw new Error(`usage: npm run shop -- ${ageUsage}`);
      const [region, provider] = positionals as [string, string];
      const saved = await saveAgeCheckRegion(
        db,
        'cli',
        parsed(ageCheckRegionBodySchema.safeParse({ region, provider: provider === 'none' ? null : provider })),
      );
      return saved
        ? `Orders to ${saved.region} need an age check by ${saved.provider}.`
        : `Orders to ${region.toUpperCase()} need no age check beyond the 18+ confirmation.`;
    },
  }),
  'sales-rule-delete': operatorCommand({
    usage: deleteUsage,
    help: 'remove a sales rule',
    async execute(args, { db }) {
      const [id] = readArguments(args, deleteUsage, {}, { min: 1 }).positionals;
      await deleteSalesRule(db, 'cli', Number(id));
      return `Removed sales rule ${id}.`;
    },
  }),
};
