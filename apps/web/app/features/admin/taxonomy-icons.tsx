import { Svg, type IconProps } from '~/shared/ui/icons';

/** The console's Catalogue section: a tree of kinds. */
export const CatalogueIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
    <path d="M6.5 10v5.5a1.5 1.5 0 0 0 1.5 1.5h6M14 6.5h3.5A1.5 1.5 0 0 1 19 8v6" />
  </Svg>
);

/** The console's Home banners section: a picture in a wide frame. */
export const BannerIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <circle cx="8" cy="10" r="1.6" />
    <path d="m21.5 15-5-4.5-8 8" />
  </Svg>
);
