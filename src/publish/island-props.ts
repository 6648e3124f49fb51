import { fileURLToPath } from 'node:url';

/*
 * An island's props as Astro writes them into the page (`props="…"`), written in one pass
 * (docs/decisions/095). Astro's `serializeProps` first copies the props into a tree of tagged values
 * (`[0, value]`, `[1, array]`, …), checking every object against a set of the objects above it, and
 * then stringifies that tree, twice per island (once for the island's id): 6 % of a render worker's
 * time at 90,000 pages. The props of this shop's islands are plain data, whose tagged form is
 * written here straight to text, character for character what Astro writes:
 * - once per island: the second call with the same props answers the first's text;
 * - once per build for what is frozen all the way down (the strings an island is handed, the same
 *   on every page of a language: `pickMessages`).
 * Anything else (a date, a map, a cycle…) is left to Astro's own.
 */

/** Thrown inside when a value is not plain data: Astro's own serializer then writes the props. */
const NOT_PLAIN = Symbol('not plain');

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** The text of frozen objects whose every value is frozen or a primitive: they never change. */
const textOfFrozen = new WeakMap<object, string>();

const isDeepFrozen = (value: unknown): boolean =>
  value === null || typeof value !== 'object' || (Object.isFrozen(value) && Object.values(value).every(isDeepFrozen));

function plainValue(value: unknown, depth: number): string {
  if (value === null) return '[0,null]';
  switch (typeof value) {
    case 'string':
      return `[0,${JSON.stringify(value)}]`;
    case 'boolean':
      return value ? '[0,true]' : '[0,false]';
    case 'number':
      if (value === Infinity) return '[11,1]';
      if (value === -Infinity) return '[11,-1]';
      return `[0,${JSON.stringify(value)}]`;
    case 'undefined':
      return '[0]';
    case 'object': {
      const known = textOfFrozen.get(value);
      if (known !== undefined) return known;
      const text = plainObjectOrArray(value, depth);
      if (Object.isFrozen(value) && isDeepFrozen(value)) textOfFrozen.set(value, text);
      return text;
    }
    default:
      throw NOT_PLAIN;
  }
}

function plainObjectOrArray(value: object, depth: number): string {
  if (depth > 64) throw NOT_PLAIN;
  if (Array.isArray(value)) {
    let text = '[1,[';
    for (let index = 0; index < value.length; index++) {
      if (!(index in value)) throw NOT_PLAIN;
      text += (index ? ',' : '') + plainValue(value[index], depth + 1);
    }
    return `${text}]]`;
  }
  if (!isPlainObject(value)) throw NOT_PLAIN;
  return `[0,${plainObject(value as Record<string, unknown>, depth + 1)}]`;
}

function plainObject(object: Record<string, unknown>, depth: number): string {
  let text = '{';
  let first = true;
  for (const key of Object.keys(object)) {
    text += `${first ? '' : ','}${JSON.stringify(key)}:${plainValue(object[key], depth)}`;
    first = false;
  }
  return `${text}}`;
}

/** The last props written, and their text: Astro writes an island's props twice in a row. */
let last: { props: object; text: string } | null = null;

/** The props as Astro's `serializeProps` writes them, or `astros(props)` when they are not plain data. */
export function serializePlainProps(props: Record<string, unknown>, astros: () => string): string {
  if (last?.props === props) return last.text;
  try {
    const text = plainObject(props, 0);
    last = { props, text };
    return text;
  } catch (error) {
    if (error === NOT_PLAIN) return astros();
    throw error;
  }
}

const ASTRO_SERIALIZE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/;
const ASTROS = `function serializeProps(props, metadata) {
  const serialized = JSON.stringify(serializeObject(props, metadata));
  return serialized;
}`;

/** Astro's `serialize.js` with its `serializeProps` writing plain props in one pass; fails when Astro's no longer reads as expected. */
export function propsInOnePass(source: string, self = fileURLToPath(import.meta.url)): string {
  if (!source.includes(ASTROS))
    throw new Error("Astro's serializeProps reads differently than expected: check src/publish/island-props.ts");
  return `import { serializePlainProps } from ${JSON.stringify(self)};\n${source.replace(
    ASTROS,
    `function serializeProps(props, metadata) {
  return serializePlainProps(props, () => JSON.stringify(serializeObject(props, metadata)));
}`,
  )}`;
}

/** The Vite plugin that gives the page renderer `propsInOnePass`. */
export const islandPropsInOnePass = () => ({
  name: 'shop-island-props',
  enforce: 'pre' as const,
  transform: (source: string, id: string) =>
    ASTRO_SERIALIZE.test(id) ? { code: propsInOnePass(source), map: null } : undefined,
});
