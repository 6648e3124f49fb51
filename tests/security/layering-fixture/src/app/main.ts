/** The assembly: may import features and the platform. */
export const assembled = true;
