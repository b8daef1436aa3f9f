/**
 * The prefix of a custom field's key (`custom:LGA`) wherever fields are named: import targets, export
 * columns (docs/import.md#api). A module of its own so that the export screen's script does not carry the
 * import's field catalogue.
 */
export const CUSTOM_PREFIX = "custom:";
