/**
 * The allow-list of rich text (blog articles, legal pages, product and shop descriptions): the tags and
 * attributes an article may keep and the URL schemes of its links and images, and the sanitizer options
 * built from them (in sanitize-html's shape; this package does not depend on it). Read on the API when
 * text is written and read, and by the web server before it renders. Anything not listed — script,
 * style, iframe, form, event handlers (`on…`), `style`, `javascript:` and `data:` URLs — is removed.
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

/** Links to other sites open in a new tab, without the opener and without passing rank; own links stay. */
const external = (href: string | undefined) => !!href && /^(https?:)?\/\//i.test(href);

/**
 * The options both sanitizers give sanitize-html (the API's `sanitizeRichText`, the web server's
 * `sanitizeArticle`), in its shape, so that this package need not depend on it: the allow-lists above,
 * no protocol-relative URLs, unlisted tags dropped, and links to other sites marked as such.
 */
export const RICH_TEXT_SANITIZE_OPTIONS = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { ...RICH_TEXT_ATTRIBUTES, a: [...RICH_TEXT_ATTRIBUTES.a!, 'rel', 'target'] },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesByTag: { img: [...RICH_TEXT_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Dropped with their content (the text of a script or style is never shown as text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'svg', 'math'],
  disallowedTagsMode: 'discard' as const,
  transformTags: {
    a: (tagName: string, attribs: Record<string, string | undefined>) => {
      const { href, title } = attribs;
      const out: Record<string, string> = {};
      if (href) out.href = href;
      if (title) out.title = title;
      if (external(href)) Object.assign(out, { target: '_blank', rel: 'noopener noreferrer nofollow' });
      return { tagName, attribs: out };
    },
  },
};
