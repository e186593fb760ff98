import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

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

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  colors: { brand },
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

/** Darker greys and reds than Mantine's defaults, so every text passes WCAG AA contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-9)',
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-9)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-yellow-light-color': 'var(--mantine-color-yellow-9)',
    '--mantine-color-orange-light-color': 'var(--mantine-color-orange-9)',
  },
  dark: {},
});
