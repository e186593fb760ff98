/*
 * The build's chunks. By default every Mantine component, hook and small module of ours shared by a different
 * set of pages becomes a chunk of its own: the home page would make about fifty requests, and on a slow network
 * over HTTP/1.1 (six at a time) each wave costs a round trip. Here:
 *
 *   boot              boot.ts, index.html's first script, and Vite's helper behind every import(): no library,
 *                     so it runs as soon as it arrives and starts the first public page's code and data
 *   vendor            what the shell needs (React, the router, the query cache, Mantine's core, our app shell):
 *                     index.html preloads it beside its own script
 *   mantine-*         Mantine's components grouped by the kind of page that uses them
 *   catalogue         the public pages' data calls, cards and list rendering
 *   schemas, dates    zod, with the contract's common and catalogue schemas the public pages read data with;
 *                     the contract's calendar rules, with date-fns
 *   (the rest)        as Rollup splits it: each page's own module, zod and the schemas, the phone rules, …
 *
 * Every module a named chunk imports must itself be named (or be the page's own): Rollup otherwise pulls it
 * into that chunk, and the shell would then load the chunk.
 */

const mantineComponents: Record<string, string[]> = {
  // The shell's navbar.
  vendor: ['Container', 'Group'],
  // Reading pages: the public catalogue, sessions, profiles.
  'mantine-content': [
    'Accordion',
    'Anchor',
    'Avatar',
    'Badge',
    'Blockquote',
    'Breadcrumbs',
    'Button',
    'Card',
    'Center',
    'CloseButton',
    'Collapse',
    'Divider',
    'Flex',
    'Grid',
    'Image',
    'List',
    'Loader',
    'Paper',
    'SimpleGrid',
    'Skeleton',
    'Space',
    'Stack',
    'Text',
    'ThemeIcon',
    'Title',
    'Transition',
    'UnstyledButton',
    'VisuallyHidden',
  ],
  // Tick boxes and choices (the mentor filters), with the frame every field shares.
  'mantine-choices': ['Checkbox', 'Chip', 'InlineInput', 'Input', 'InputsGroupFieldset', 'Radio', 'Switch'],
  // Dialogs, menus and popovers.
  'mantine-overlays': [
    'Dialog',
    'Drawer',
    'FocusTrap',
    'Floating',
    'HoverCard',
    'Menu',
    'Modal',
    'ModalBase',
    'Overlay',
    'Popover',
    'Portal',
    'ScrollArea',
    'Tooltip',
  ],
};

/** What boot.ts runs on arrival: app/first-page.ts, app/shell-styles.ts and the dependency-free modules they use. */
const bootSources =
  /\/apps\/web\/src\/(boot|app\/(first-page|shell-styles)|lib\/(storage|early-requests)|features\/catalogue\/(api\/catalogue-endpoints|hooks\/(route-id|use-viewer-id)))\.ts$/;

/** Libraries the shell uses, whole (tree-shaken as usual). */
const shellLibraries =
  /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/[^/]+|clsx|@mantine\/store)\//;
/** Mantine's helpers the shell's own components use; its other hooks and helpers serve the pages' components. */
const shellHelpers =
  /\/@mantine\/(hooks\/esm\/(use-disclosure|use-isomorphic-effect|utils\/random-id)|core\/esm\/core\/utils\/(keys|deep-merge|camel-to-kebab-case|units-converters|filter-props|is-number-like|get-size)|notifications\/esm\/notifications\.store)\b/;
/**
 * The public pages' data calls, cards and list rendering, one chunk for them all (not the search dialog nor the
 * filters, which load on their own).
 */
const catalogueSources =
  /\/src\/(features\/catalogue\/((api|hooks)\/(?!use-advisor-filters)|components\/(?!search-dialog|advisor-filters|filter-option-list))|lib\/use-deferred-query\.ts$)/;
/** zod and the schemas the public pages read their data with. */
const schemaSources = /\/(node_modules\/zod\/|packages\/contract\/src\/(common|catalogue)\.ts$)/;
/** The contract's calendar rules and the date library under them (the catalogue's schemas use their names). */
const dateSources = /\/(node_modules\/(date-fns|@date-fns\/tz)\/|packages\/contract\/src\/dates\.ts$)/;

/**
 * The shell's own modules that the catalogue chunks use: named here so those chunks do not take them in
 * (`npm run size` shows it at once if one does: the shell grows by the catalogue chunks).
 */
const shellSources =
  /\/(apps\/web\/src\/(config\/paths|lib\/(api-client|use-document-title|session))|packages\/contract\/src\/(messages|status))\.ts$/;

/** Parts of those libraries only pages use (mutations, endless lists, components' helpers). */
const pageHelpers =
  /\/(@tanstack\/(query-core|react-query)\/build\/modern\/(mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\.js|@mantine\/core\/esm\/core\/(factory\/polymorphic-factory|DirectionProvider\/|styles-api\/use-resolved-styles-api\/|Box\/get-style-object\/|MantineProvider\/color-functions\/get-auto-contrast-value\/))/;

/** The contract's payment rules, and the Paybill ones that the paying dialogs and the admin console share. */
const paymentContractSources = /\/packages\/contract\/src\/(payments|paybill)\.ts$/;

export function chunkOf(id: string): string | undefined {
  // Vite's helper behind every import(), which boot.ts uses too.
  if (id.includes('vite/preload-helper') || bootSources.test(id)) return 'boot';
  if (pageHelpers.test(id)) return 'mantine-content';
  // Small modules of ours shared by a few pages, kept in the chunk every one of those pages loads anyway (a chunk
  // of their own would be named in the shell's list of every page's chunks).
  if (id.endsWith('/apps/web/src/lib/use-return-focus.ts')) return 'mantine-overlays';
  if (id.endsWith('/apps/web/src/components/email-text.tsx')) return 'mantine-content';
  // The console's addresses ride with the tables every console page loads; the password pages' texts with
  // the validation rules those pages load.
  if (id.endsWith('/apps/web/src/features/admin/lib/admin-paths.ts')) return 'mantine-forms';
  if (/\/(packages\/contract\/src\/password-messages|apps\/web\/src\/lib\/server-field-errors)\.ts$/.test(id))
    return 'validation';
  if (shellSources.test(id) || shellLibraries.test(id) || shellHelpers.test(id)) return 'vendor';
  if (catalogueSources.test(id)) return 'catalogue';
  if (schemaSources.test(id)) return 'schemas';
  if (dateSources.test(id)) return 'dates';
  if (paymentContractSources.test(id)) return 'contract-payments';
  if (id.includes('/@mantine/hooks/') || id.includes('/@mantine/core/esm/core/utils/'))
    return 'mantine-content';
  if (id.includes('/@mantine/core/esm/core/')) return 'vendor';
  const component = /\/@mantine\/core\/esm\/(?:components|utils)\/([^/]+)\//.exec(id)?.[1];
  if (!component) return undefined;
  const group = Object.entries(mantineComponents).find(([, names]) => names.includes(component))?.[0];
  // Forms, tables, steppers and the rest: the pages that edit and manage.
  return group ?? 'mantine-forms';
}
