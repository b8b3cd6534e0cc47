import { RICH_TEXT_SANITIZE_OPTIONS } from '@souq/contracts/rich-text';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = RICH_TEXT_SANITIZE_OPTIONS;

/**
 * Rich text as the storefront keeps and shows it: only the allow-listed tags, attributes and URL
 * schemes of `@souq/contracts/rich-text` survive (no script, style, event handler, `javascript:` or
 * `data:` URL). Run when text is written and again when it is read (defence in depth).
 */
export function sanitizeRichText(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, OPTIONS).trim() : '';
}

/** The text of rich text without any tag, white space collapsed, cut at a word within `max` characters. */
export function plainExcerpt(html: string | null | undefined, max = 200): string {
  // Blocks end with a space, so that the text of two paragraphs does not run together.
  const spaced = (html ?? '').replace(/<\/?(p|h[1-6]|li|ul|ol|blockquote|figcaption|br|hr)\b[^>]*>/gi, ' $& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
