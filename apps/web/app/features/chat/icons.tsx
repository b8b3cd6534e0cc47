import { Svg, type IconProps } from '~/shared/ui/icons';

export const SendIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 12l16-8-6 16-2.5-6.5L4 12z" />
  </Svg>
);
export const ChatBubbleIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 5h16v11H9l-5 4V5z" />
    <path d="M8 9h8M8 12h5" />
  </Svg>
);
