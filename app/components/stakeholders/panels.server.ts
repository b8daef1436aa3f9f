/**
 * The stakeholder screen's panels as the server renders them; in the browser build this module is empty
 * and each panel's code arrives when it is first shown (app/routes/stakeholders.tsx, `deferred`).
 */
export { EngagementForm, EngagementList } from "./EngagementPanels";
export { LinkPropertiesPanel } from "./LinkPropertiesPanel";
export { StakeholderDetail } from "./StakeholderDetail";
export { StakeholderForm } from "./StakeholderForm";
