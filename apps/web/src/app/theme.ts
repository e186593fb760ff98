import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';

/** The MyProsper teal-blue; shade 6 (#0b7285, the favicon's colour) keeps white text above 4.5:1. */
const brand: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#22b8cf',
  '#0c8599',
  '#0b7285',
  '#095f6f',
  '#074d5a',
  '#053a44',
];

/**
 * Mantine's palettes with darker shades 8 and 9 where the defaults fail WCAG AA as text (teal 8 on white is
 * 3.9:1, yellow 9 on its light background 2.8:1): every `c="teal.8"`, `c="orange.9"` reads on white and on
 * the colour's light background.
 */
const darker = (color: string, shade8: string, shade9: string): MantineColorsTuple => {
  const shades = [...(DEFAULT_THEME.colors[color] ?? [])];
  shades[8] = shade8;
  shades[9] = shade9;
  return shades as unknown as MantineColorsTuple;
};

/** The colour of text in a colour (a badge's word, an outline, `c="red"`): at least 4.5:1 on white and on its light background. */
const inks: Record<string, string> = {
  gray: '#495057',
  dark: '#343a40',
  red: '#c92a2a',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5f3dc4',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0b7285',
  teal: '#086e50',
  green: '#237032',
  lime: '#3f6b07',
  yellow: '#8f4700',
  orange: '#a63a0b',
};

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  colors: {
    brand,
    red: darker('red', '#c92a2a', '#b02525'),
    teal: darker('teal', '#087f5b', '#086e50'),
    green: darker('green', '#237032', '#1e6b2d'),
    lime: darker('lime', '#4a7a0a', '#3f6b07'),
    yellow: darker('yellow', '#a35200', '#8f4700'),
    orange: darker('orange', '#b03c0a', '#a63a0b'),
  },
  primaryColor: 'brand',
  primaryShade: 6,
  fontFamily,
  headings: { fontFamily },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close menu' } } },
    // A dialog's header is not the page's banner landmark.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Darker greys and inks than Mantine's defaults, so every text passes WCAG AA contrast: on white, and as the
 * word of a light or outline badge or button on its tinted background (axe over every page,
 * e2e/accessibility.spec.ts). A red button is filled with red 8 (white on red 6 is 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(inks).flatMap(([color, ink]) => [
        [`--mantine-color-${color}-light-color`, ink],
        [`--mantine-color-${color}-outline`, ink],
        [`--mantine-color-${color}-text`, ink],
      ]),
    ),
  },
  dark: {},
});
