import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { operatorCommand, readArguments } from '@/server/cli/operator';
import type { NewsletterIssue } from './newsletter-mails';
import { sendNewsletter } from './newsletter.service';

/* The operator sends a newsletter: one file with the subject and text in every language. */

const inEveryLanguage = z.object({
  EN: z.string().trim().min(1),
  ZH: z.string().trim().min(1),
  MS: z.string().trim().min(1),
});
const issueSchema = z.object({ subject: inEveryLanguage, text: inEveryLanguage });

const usage = 'send-newsletter <issue.json>';
export const sendNewsletterCommand = operatorCommand({
  usage,
  help: 'mails a newsletter ({ "subject": { "EN", "ZH", "MS" }, "text": { … } }, paragraphs split by blank lines) to every confirmed subscriber, each with an unsubscribe link',
  async execute(args, shop) {
    const file = readArguments(args, usage, {}, { min: 1 }).positionals[0]!;
    const parsed = issueSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} needs "subject" and "text", each with EN, ZH and MS.`);
    const sent = await sendNewsletter(shop, parsed.data satisfies NewsletterIssue);
    return `Newsletter sent to ${sent} confirmed subscriber(s).`;
  },
});
