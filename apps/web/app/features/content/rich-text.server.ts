import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_IMAGE_SCHEMES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@souq/contracts/rich-text';
import sanitizeHtml from 'sanitize-html';

const external = (href: string | undefined) => !!href && /^(https?:)?\/\//i.test(href);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { ...RICH_TEXT_ATTRIBUTES, a: [...RICH_TEXT_ATTRIBUTES.a!, 'rel', 'target'] },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesByTag: { img: [...RICH_TEXT_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href) out.href = attribs.href;
      if (attribs.title) out.title = attribs.title;
      if (external(attribs.href)) Object.assign(out, { target: '_blank', rel: 'noopener noreferrer nofollow' });
      return { tagName, attribs: out };
    },
  },
};

/**
 * The last line of defence before article HTML reaches a page (decision 022): loaders run only on the
 * server, so whatever the API answered is cleaned here, with the same allow-list
 * (`@souq/contracts/rich-text`), before it is rendered or sent to the browser for a client navigation.
 * A `.server` module: React Router refuses to put it in the browser's bundle.
 */
export const sanitizeArticle = (html: string | null | undefined): string => (html ? sanitizeHtml(html, OPTIONS) : '');
