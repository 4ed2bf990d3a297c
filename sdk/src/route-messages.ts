/**
 * The fuel trip's texts, shared by the API (its 404 and 503 answers) and the Fuel Cost Calculator.
 * A module of their own: the tool pages' shared chunk does not carry them.
 */
export const ROUTE_MESSAGES = {
  noRoute: 'Could not retrieve route data',
  locationNotFound: (query: string) => `Location not found: ${query}`,
} as const;
