/** The colours the demo's options are named after, as hue, saturation and lightness: what a shopper expects "Midnight" to look like. */
export const optionColours = {
  midnight: [224, 46, 26],
  champagne: [40, 48, 80],
  blush: [350, 60, 82],
  ivory: [44, 45, 91],
  black: [230, 8, 16],
  oat: [34, 26, 76],
  rose: [350, 32, 63],
  sage: [110, 18, 62],
  lavender: [266, 42, 74],
  mist: [210, 9, 72],
  plum: [300, 32, 34],
  coral: [12, 78, 66],
  sky: [200, 62, 72],
} satisfies Record<string, [hue: number, saturation: number, lightness: number]>;
export type OptionColour = keyof typeof optionColours;
