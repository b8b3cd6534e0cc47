// Plain constants shared by the API and the web app. No zod here: the browser bundle imports this file.

export const themeColorKeys = [
  'primary',
  'primary50',
  'primary100',
  'primary200',
  'primary300',
  'primary400',
  'primary500',
  'primary600',
  'primary700',
  'primary800',
  'primary900',
  'primary950',
] as const;
export type ThemeColorKey = (typeof themeColorKeys)[number];

export const footerItemTypes = ['logo', 'text', 'phone', 'email', 'social_links', 'app_store', 'link'] as const;
