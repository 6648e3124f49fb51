import { operatorCommand, parsed, readArguments } from '@/server/cli/operator';
import { describeRule } from './sales-rules';
import { salesRuleInputSchema } from './sales-rules.schema';
import { deleteSalesRule, listSalesRules, saveSalesRule } from './sales-rules.service';

/* The operator's sales-rule commands, the same rules the back office calls: `npm run shop -- <command> --help`. */

const listUsage = 'sales-rules';
const ruleUsage = 'sales-rule <category | product:ID> <* | COUNTRY[-STATE]> (--allow | --refuse) [--method paypal|card|test|ep] [--note text]';
const deleteUsage = 'sales-rule-delete <rule id>';

export const salesRuleCommands = {
  'sales-rules': operatorCommand({
    usage: listUsage,
    help: 'list what may be sold where and paid how',
    async execute(args, { db }) {
      readArguments(args, listUsage, {}, { min: 0 });
      const rules = await listSalesRules(db);
      return rules.map(describeRule).join('\n') || 'No sales rules: every product is sold, and every payment method takes it, wherever the shop ships.';
    },
  }),
  'sales-rule': operatorCommand({
    usage: ruleUsage,
    help: 'set whether a category (or one product) may be sold at a destination, or, with --method, whether that payment method may carry it there; a state wins over its country, a product over its category',
    async execute(args, { db }) {
      const { positionals, values } = readArguments(args, ruleUsage, { allow: { type: 'boolean' }, refuse: { type: 'boolean' }, method: { type: 'string' }, note: { type: 'string' } }, { min: 2 });
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
