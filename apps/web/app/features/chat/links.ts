/**
 * SPEC §5: links in messages are made clickable after escaping. A message is split into text and link
 * parts; the screen renders each part as a React text node or an <a> (React escapes both), never as
 * HTML, so `<script>` or `<img onerror>` typed into a message shows as the characters typed.
 * Only http:// and https:// addresses become links (no javascript:, data:, mailto: ...).
 */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A run of characters that cannot end a URL in running text: spaces, angle brackets and quotes.
const URL_RE = /https?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://souq.om/x.").
const TRAILING = /[.,;:!?،؛…]+$/;

/** Drops trailing punctuation and closing brackets that have no opening one inside the address. */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    const last = url.at(-1);
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    if (last && pairs[last]) {
      const open = pairs[last];
      const opens = url.split(open).length - 1;
      const closes = url.split(last).length - 1;
      if (closes > opens) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

/** A safe link target, or null: parsed by the URL parser, http or https only, with a host. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  const push = (t: string) => {
    if (!t) return;
    const prev = parts.at(-1);
    if (prev?.kind === 'text') prev.text += t;
    else parts.push({ kind: 'text', text: t });
  };
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index;
    const raw = trimUrl(match[0]);
    const href = safeHref(raw);
    push(text.slice(at, start));
    if (href) parts.push({ kind: 'link', text: raw, href });
    else push(raw);
    at = start + raw.length;
  }
  push(text.slice(at));
  return parts;
}
