/* Limits of /map (docs/records.md#the-map), shared by its loader and its page (no server code here). */

/** The most parcels one view draws; a wider view asks to zoom in (2,000 parcels fit the page budget). */
export const MAP_MAX_PARCELS = 2_500;
/** Rows of the table beside the map, a page. */
export const MAP_TABLE_PAGE_SIZE = 50;
