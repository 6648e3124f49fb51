/**
 * The import rules the layering rests on (docs/architecture.md), checked by `npm run lint`. Type-only
 * imports count: a circle of types ties files together for a reader as much as one of values.
 */
/**
 * Feature folders from the bottom up: a feature imports only features below it, so no two features
 * know each other both ways. Shared browser-loadable words sit below all of them in src/lib; what a
 * sign-in or a paid order sets off is wired by the assembly (src/app), not imported by the feature.
 */
const featureRank = [
  'site',
  'audit',
  'captcha',
  'auth',
  'account',
  'delivery',
  'shipping',
  'sales-rules',
  'catalogue',
  'advertising',
  'cart',
  'energy',
  'referral',
  'orders',
  'reviews',
  'newsletter',
  'verify',
  'payments',
  'coupons',
  'checkout',
  'privacy',
  'backoffice',
  'shell',
];

const featureRankRules = featureRank.slice(0, -1).map((feature, index) => ({
  name: 'features-import-only-lower-features',
  severity: 'error',
  comment: `${feature} imports only the features below it in featureRank (.dependency-cruiser.cjs).`,
  from: { path: `^src/features/${feature}/`, pathNot: '(\\.test\\.tsx?$|/fixtures/)' },
  to: { path: `^src/features/(${featureRank.slice(index + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...featureRankRules,
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Dependencies flow one way; move what both sides need below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'nothing-below-imports-the-assembly',
      severity: 'error',
      comment:
        'src/app assembles the shop (app, main, CLI registry, jobs, publisher). Features and the platform take ShopDeps from src/server/deps.ts and never reach up into it.',
      from: { path: '^src/(features|server|lib|edge|components|build|publish)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/app/' },
    },
    {
      name: 'nothing-below-imports-the-publisher',
      severity: 'error',
      comment:
        'src/publish builds and releases the pages (snapshot, keys, render, release); it may use the features, the platform and src/lib, never the other way round. The composition root (src/app) and the pages (src/pages, src/layouts) use it.',
      from: { path: '^src/(features|server|lib|edge|components|build)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/publish/' },
    },
    {
      name: 'platform-not-from-features',
      severity: 'error',
      comment:
        'src/server is the platform every feature stands on (database, HTTP, mail, storage, payments, config); what a platform file needs lives in the platform or in src/lib.',
      from: { path: '^src/server/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/features/' },
    },
    {
      name: 'browser-code-not-from-server',
      severity: 'error',
      comment: 'src/lib is shared with the browser; it never reaches into the server platform.',
      from: { path: '^src/lib/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/server/' },
    },
    {
      name: 'browser-code-not-from-node',
      severity: 'error',
      comment:
        'src/lib is loaded by the browser; what needs Node (files, hashes, processes) lives in src/server or src/publish.',
      from: { path: '^src/lib/', pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['core'] },
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
