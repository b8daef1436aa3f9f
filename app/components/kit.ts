/**
 * The shared building blocks of every page: form controls and the error summary, record tables,
 * panels, pagination and the page header. Routes and feature components import them from here,
 * never from their files (eslint enforces it), so the browser build puts them, and the helpers
 * they use, in one shared chunk instead of one small chunk per combination of pages that use
 * them: each script request costs ~0.5 KB of headers on a page of ~30 (tests/e2e/page-weight.spec.ts).
 */
export * from "./form/DateFilterField";
export * from "./form/ErrorSummary";
export * from "./form/Field";
export * from "./form/FilterSelect";
export * from "./form/FormActions";
export * from "./form/form-state";
export * from "./form/SearchField";
export * from "./layout/PageHeader";
export * from "./records/Breakable";
export * from "./records/DataTable";
export * from "./records/EmptyState";
export * from "./records/FieldList";
export * from "./records/Pagination";
export * from "./records/PanelDialog";
export * from "./records/PriorityBadge";
export * from "./records/ProjectState";
export * from "./records/RecordHistory";
export * from "./records/SortHeader";
export * from "./records/StatTiles";
export * from "./records/RowLink";
export * from "./records/LinkPanels";
