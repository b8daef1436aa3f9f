/**
 * The property screen's panels as the server renders them; in the browser build this module is empty
 * and each panel's code arrives when it is first shown (app/routes/properties.tsx, `deferred`).
 */
export { DuplicateReview } from "./DuplicateReview";
export { LinkStakeholdersForm } from "./LinkStakeholdersForm";
export { PropertyDetails } from "./PropertyDetails";
export { PropertyForm } from "./PropertyForm";
