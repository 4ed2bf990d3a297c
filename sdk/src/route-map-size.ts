/**
 * The size of a route's map (GET /api/data/route-map/), in the units of its shapes: the page holds
 * its place before it comes. A module of its own: the page inlines them and loads nothing for them.
 */
export const ROUTE_MAP_WIDTH = 600;
export const ROUTE_MAP_HEIGHT = 360;
