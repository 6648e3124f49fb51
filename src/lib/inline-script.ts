/**
 * The one way data is written into an inline `<script>` (JSON-LD, any state a page carries for its
 * scripts). `JSON.stringify` leaves `<`, `>` and `&` as they are, so a string holding `</script>` or
 * `<!--` ends the element early and what follows is read as markup (a `<meta http-equiv=refresh>`
 * in a review's text would redirect every visitor). These, and U+2028 and U+2029 (line ends to older
 * JavaScript parsers), are written as `\uXXXX` escapes, which every JSON reader reads back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
