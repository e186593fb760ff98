/** Nothing to prepare beyond the server Playwright starts; kept for journeys that need shared set-up. */
export default async function globalSetup(): Promise<void> {}
