/** A module island's hydration: loading its module was the work (server.ts). */
export default () => () => {};
