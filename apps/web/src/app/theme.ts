import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breadcrumbSlotRecipe,
  breakpoints as defaultBreakpoints,
  cardSlotRecipe,
  checkboxSlotRecipe,
  collapsibleSlotRecipe,
  comboboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressCircleSlotRecipe,
  progressSlotRecipe,
  recipes,
  segmentGroupSlotRecipe,
  semanticTokens,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * The multi-part components' styles the portal uses. Chakra's default theme carries all 57 (date pickers, colour
 * pickers, carousels, ...), about 10 KB of the home page's compressed download (issue 22); theme.test.ts fails when
 * a component imported from '@chakra-ui/react' anywhere in the app has its styles missing here.
 */
export const slotRecipes = {
  alert: alertSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  progressCircle: progressCircleSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

/** Chakra's default theme (the same tokens, recipes and global styles) with only the slot recipes above. */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints: defaultBreakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

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

let system: SystemContext | undefined;

/**
 * The Chakra system of the portal: Chakra's defaults plus our breakpoints and page width. Made on first use, not when
 * this module is evaluated: making it is ~40 ms of work, which the boot runs in a task of its own (app-root.tsx).
 */
export function portalSystem(): SystemContext {
  // One merge: createSystem merges its configs itself (merging first as well cost another ~8 ms).
  system ??= createSystem(defaultBaseConfig, chakraTheme, config);
  return system;
}
