import { statSync } from 'node:fs';
import { registerHooks } from 'node:module';

/*
 * The production start's TypeScript (docs/decisions/072): Node 24 strips the types of the shop's .ts
 * files itself; these hooks add what the sources write and Node does not resolve on its own, as the
 * tsconfig's bundler resolution does: the `@/` alias of src/, and imports without an extension (a
 * `.ts` file or a folder's index.ts). `node --import ./scripts/typescript-hooks.mjs scripts/start.ts`.
 */

const src = new URL('../src/', import.meta.url);
const suffixes = ['', '.ts', '/index.ts'];

const isFile = (url) => statSync(url, { throwIfNoEntry: false })?.isFile() ?? false;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    const base = specifier.startsWith('@/')
      ? new URL(specifier.slice(2), src)
      : /^\.\.?\//.test(specifier) && parent?.startsWith('file:') && !parent.includes('/node_modules/')
        ? new URL(specifier, parent)
        : null;
    if (base) {
      for (const suffix of suffixes) {
        const url = new URL(base.href + suffix);
        if (isFile(url)) return { url: url.href, shortCircuit: true };
      }
    }
    return nextResolve(specifier, context);
  },
});
