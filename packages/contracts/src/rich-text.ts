/**
 * The allow-list of rich text (blog articles, legal pages, product and shop descriptions): the tags and
 * attributes an article may keep, and the URL schemes of its links and images. Plain data, read by the
 * sanitizer (sanitize-html) on the API when text is written and read, and by the web server before it
 * renders. Anything not listed — script, style, iframe, form, event handlers (`on…`), `style`,
 * `javascript:` and `data:` URLs — is removed.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'span',
  'a',
  'img',
  'figure',
  'figcaption',
  'hr',
] as const;

export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
};

/** Link schemes; images only from http(s) or the site's own paths. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const RICH_TEXT_IMAGE_SCHEMES = ['http', 'https'] as const;
