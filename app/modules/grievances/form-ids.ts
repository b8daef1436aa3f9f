export const GRIEVANCE_FORM = "grievance-form";
export const GRIEVANCE_STAGE_FORM = "grievance-stage-form";
export const GRIEVANCE_CLOSE_FORM = "grievance-close-form";
