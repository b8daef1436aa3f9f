/** The id of the dashboard's project selector: the component renders it, the action answers with it. */
export const SELECT_PROJECT_FORM = "select-project";
