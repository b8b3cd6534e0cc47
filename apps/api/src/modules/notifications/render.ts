import type { Locale } from '@souq/contracts';
import { ar } from './templates/ar';
import { en } from './templates/en';
import type { Template, TemplateKey, Templates } from './templates/types';

export const TEMPLATES: Record<Locale, Templates> = { ar, en };

/** The {placeholders} of a text, in order of first use. */
export const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];

/** Fills the {placeholders} of a text; one with no value is left empty (never the brace text). */
export const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_m, name: string) => vars[name] ?? '');

/** One notification's subject, e-mail body and SMS text in a language. */
export function render(key: TemplateKey, locale: Locale, vars: Record<string, string>): Template {
  const t = TEMPLATES[locale][key];
  return { subject: fill(t.subject, vars), body: fill(t.body, vars), sms: fill(t.sms, vars) };
}
