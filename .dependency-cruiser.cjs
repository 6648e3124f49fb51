/**
 * The import rules the layering rests on (docs/architecture.md), checked by `npm run lint`. Type-only
 * imports count: a circle of types ties files together for a reader as much as one of values.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Dependencies flow one way; move what both sides need below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'features-not-from-composition-root',
      severity: 'error',
      comment: 'Features take ShopDeps from src/server/deps.ts; only app.ts, main.ts and the CLI registry assemble the shop.',
      from: { path: '^src/(features|lib|edge|components)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/server/(app|main)\\.ts$|^src/server/cli/commands\\.ts$' },
    },
    {
      name: 'browser-code-not-from-server',
      severity: 'error',
      comment: 'src/lib is shared with the browser; it never reaches into the server platform.',
      from: { path: '^src/lib/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.astro|var)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro'] },
  },
};
