/*
 * A module island: an island whose component is a plain module (`{ [MODULE_ISLAND]: true }`) run in the
 * browser for its effect, with nothing rendered and nothing hydrated. Its `client:` directive decides
 * when the module loads, as for any island: start-up runs after the first paint this way, without
 * React and without a script the page fetches before it paints (docs/decisions/070, 098).
 */
export const MODULE_ISLAND = 'shopModuleIsland';

export default {
  name: 'shop-module-island',
  check: (component: unknown) => typeof component === 'object' && component !== null && MODULE_ISLAND in component,
  renderToStaticMarkup: () => ({ html: '' }),
};
