import { IconButton } from '@chakra-ui/react';
import { useColorMode } from '@/app/color-mode';
import { MoonIcon, SunIcon } from '@/ui/icons';

/** Names the mode it switches to, so the label reads as the action it performs. */
export function ColorModeButton() {
  const { colorMode, toggleColorMode } = useColorMode();
  const isDark = colorMode === 'dark';
  return (
    <IconButton
      aria-label={isDark ? 'Switch to light mode' : 'Switch to dark mode'}
      variant="ghost"
      size="sm"
      onClick={toggleColorMode}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
