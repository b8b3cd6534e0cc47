import { titleMeta } from '~/shared/page';

/** A seller page's title, and `noindex`: the seller area is no page for search engines. */
export function sellerMeta(key: string) {
  const title = titleMeta(key);
  return (args: Parameters<typeof title>[0]) => [...title(args), { name: 'robots', content: 'noindex, nofollow' }];
}
