import { Icon, type IconProps } from '@chakra-ui/react';

/** A magnifying glass, inline like the portal's other glyphs (ui/icons.tsx): the app runs offline. */
export function SearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
    </Icon>
  );
}
