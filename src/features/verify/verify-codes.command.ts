import { writeFile } from 'node:fs/promises';
import { operatorCommand, readArguments } from '@/server/cli/operator';
import { issueVerificationCodes, type IssuedCode } from './verify.service';

const usage = 'verify-codes issue <sku> <count> [--out file.csv]';

/** One line per code: what the label printer needs to put the code and its QR on an item. */
export const verifyCodesCsv = (codes: IssuedCode[]) =>
  `code,link\n${codes.map(({ code, link }) => `${code},${link}`).join('\n')}\n`;

/** `npm run shop -- verify-codes issue pebble-massager-sage 500 --out labels.csv` */
export const verifyCodesCommand = operatorCommand({
  usage,
  help: 'issue <count> anti-counterfeit codes for the size with <sku>, each with its QR link /verify/{code}; prints CSV (code,link) or writes it to --out',
  async execute(args, { db, config }) {
    const { positionals, values } = readArguments(args, usage, { out: { type: 'string' } }, { min: 3 });
    const [action, sku, countText] = positionals as [string, string, string];
    const count = Number(countText);
    if (action !== 'issue' || !/^\d+$/.test(countText)) throw new Error(`usage: npm run shop -- ${usage}`);
    const codes = await issueVerificationCodes(db, { sku, count, publicOrigin: config.publicOrigin });
    if (!values.out) return verifyCodesCsv(codes).trimEnd();
    await writeFile(values.out, verifyCodesCsv(codes));
    return `Issued ${codes.length} codes for ${sku} into ${values.out}.`;
  },
});
