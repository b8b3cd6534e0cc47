import { RICH_TEXT_SANITIZE_OPTIONS } from '@souq/contracts/rich-text';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = RICH_TEXT_SANITIZE_OPTIONS;

/**
 * The last line of defence before article HTML reaches a page (decision 022): loaders run only on the
 * server, so whatever the API answered is cleaned here, with the same allow-list
 * (`@souq/contracts/rich-text`), before it is rendered or sent to the browser for a client navigation.
 * A `.server` module: React Router refuses to put it in the browser's bundle.
 */
export const sanitizeArticle = (html: string | null | undefined): string => (html ? sanitizeHtml(html, OPTIONS) : '');
