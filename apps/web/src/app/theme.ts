import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  theme: {
    // em-based so the layout follows the user's font size; lg is 992px rather than Chakra's 1024px so the
    // sidebar column already appears on common small laptop widths.
    breakpoints: {
      sm: '30em',
      md: '48em',
      lg: '62em',
      xl: '80em',
      '2xl': '96em',
    },
    tokens: {
      sizes: {
        page: {
          xl: { value: '1440px' },
          '2xl': { value: '1536px' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's red.500 for field messages reaches only 3.8:1 on white (axe: color-contrast); red.600 is 4.8:1.
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
      },
    },
    recipes: {
      // Every page sits in a <Container>: full width on small screens, capped on wide ones.
      container: {
        base: {
          maxWidth: { base: 'full', xl: 'page.xl', '2xl': 'page.2xl' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
});

/** The Chakra system of the portal: Chakra's defaults plus our breakpoints and page width. */
export const system = createSystem(defaultConfig, config);
