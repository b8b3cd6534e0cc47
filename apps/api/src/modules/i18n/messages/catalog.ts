/** Strings of the catalog screens. Keep the Arabic and English keys identical (a test checks it). */
export const en = {} as const satisfies Record<string, string>;

export const ar: Record<keyof typeof en, string> = {};
