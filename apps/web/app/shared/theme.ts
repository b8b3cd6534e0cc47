import type { Master } from '@souq/contracts';
import { themeColorKeys } from '@souq/contracts/constants';

/** CSS variables for the theme, only when all twelve colours are configured (SPEC §2). */
export function themeCss(colors: Master['theme_colors']): string | null {
  if (!themeColorKeys.every((k) => typeof colors[k] === 'string' && colors[k])) return null;
  // Colours are data from the server: keep only characters a CSS colour can contain.
  const safe = (v: string) => v.replace(/[^#a-zA-Z0-9(),.%\s-]/g, '');
  const vars = themeColorKeys.map(
    (k) => `--${k === 'primary' ? 'primary' : k.replace('primary', 'primary-')}:${safe(colors[k]!)}`,
  );
  return `:root{${vars.join(';')}}`;
}
