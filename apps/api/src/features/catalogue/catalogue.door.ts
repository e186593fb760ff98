/**
 * The catalogue feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Programs, mentors, search: what visitors browse.
 */
export { cataloguePlugin } from './catalogue.plugin.ts';
export { catalogueRoutes } from './catalogue.routes.ts';
export { type LinkPreviews, linkPreviewsOf, withLinkPreview } from './link-previews.ts';
