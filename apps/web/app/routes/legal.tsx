import { useMatches, type MetaArgs } from 'react-router';
import { PagePlaceholder, titleMeta } from '~/shared/page';

const TITLES: Record<string, string> = {
  'terms-and-conditions': 'page.terms',
  'privacy-policy': 'page.privacy',
  'about-us': 'page.about',
  'policy-page': 'page.policy',
};
const titleOf = (id: string | undefined) => TITLES[id ?? ''] ?? 'page.policy';

export const meta = (args: MetaArgs) => titleMeta(titleOf(args.matches[args.matches.length - 1]?.id))(args);

export default function LegalPage() {
  const matches = useMatches();
  return <PagePlaceholder titleKey={titleOf(matches[matches.length - 1]?.id)} />;
}
