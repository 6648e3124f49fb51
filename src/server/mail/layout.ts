/** What a shop mail says; `composeMail` writes it once as plain text and once as simple HTML. */
export type MailContent = {
  greeting: string;
  intro: string[];
  action?: { label: string; url: string };
  outro: string[];
  signature: string;
};

export function composeMail(content: MailContent): { text: string; html: string } {
  const { greeting, intro, action, outro, signature } = content;
  const text = [greeting, ...intro, ...(action ? [`${action.label}:\n${action.url}`] : []), ...outro, signature].join(
    '\n\n',
  );

  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#b0456e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#777;word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#2b2b2b;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">',
    paragraph(greeting),
    ...intro.map(paragraph),
    button,
    ...outro.map(paragraph),
    paragraph(signature),
    '</body></html>',
  ].join('');
  return { text: `${text}\n`, html };
}

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
