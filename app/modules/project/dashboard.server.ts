import { sqlRows } from "~db/sql.server";
import { todayForProject } from "~/modules/calendar/today";
import { dueSoonUntil } from "~/modules/commitments/rules";
import { OPEN_SQL as GRIEVANCE_OPEN_SQL, OVERDUE_SQL as GRIEVANCE_OVERDUE_SQL } from "~/modules/grievances/grievance-list.server";
import { canAccessScreen, hasPermission } from "~/modules/permissions/permissions";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { listAccessibleProjects, type ProjectAccess } from "~/modules/access/project-access.server";
import { dashboardChartFigures } from "~/modules/reports/figures.server";
import { dashboardCharts } from "~/modules/reports/report-charts.server";
import { projectInboundAddress } from "~/modules/inbound-mail/settings.server";

/** The selected project's quick figures (docs/records.md#dashboard). */
export interface DashboardCounts {
  stakeholders: number;
  properties: number;
  commitmentsOpen: number;
  commitmentsOverdue: number;
  commitmentsDueSoon: number;
  grievancesOpen: number;
  grievancesOverdue: number;
}

export interface ProjectSummary {
  id: number;
  name: string;
  description: string | null;
  clientName: string;
}

/**
 * Everything the dashboard shows: the projects the user may open (for the selector), the selected
 * project with its record counts, and which role-gated actions to offer.
 */
export async function getDashboard(user: CurrentUser, selected: ProjectAccess | null) {
  const { projects, total } = await listAccessibleProjects(user, { limit: 200 });
  const summaries: ProjectSummary[] = projects.map((project) => ({
    id: project.id,
    name: project.name,
    description: project.description ?? null,
    clientName: (project.client as { name?: string }).name ?? "",
  }));
  let counts: DashboardCounts | null = null;
  if (selected) {
    // One round trip for every tile; each count reads only the (project, …) index. Overdue is judged
    // on the project's today (docs/records.md#commitments, docs/records.md#grievance-list), with the
    // same conditions as the two lists the tiles link to.
    const today = todayForProject(selected.project);
    const id = selected.project.id;
    const [row] = await sqlRows<{ stakeholders: number; properties: number; open: number; overdue: number; due_soon: number; g_open: number; g_overdue: number }>(
      `select (select count(*)::int from stakeholder where project_id = ?) as stakeholders,
              (select count(*)::int from property where project_id = ?) as properties,
              c.open, c.overdue, c.due_soon, g.g_open, g.g_overdue
       from (select count(*)::int as open, count(*) filter (where due_date < ?::date)::int as overdue,
                    count(*) filter (where due_date between ?::date and ?::date)::int as due_soon
             from commitment where project_id = ? and status in ('open', 'in_progress')) c,
            (select count(*) filter (where ${GRIEVANCE_OPEN_SQL})::int as g_open, count(*) filter (where ${GRIEVANCE_OVERDUE_SQL})::int as g_overdue
             from grievance g where g.project_id = ?) g`,
      [id, id, today, today, dueSoonUntil(today), id, today, today, id],
    );
    counts = {
      stakeholders: row?.stakeholders ?? 0,
      properties: row?.properties ?? 0,
      commitmentsOpen: row?.open ?? 0,
      commitmentsOverdue: row?.overdue ?? 0,
      commitmentsDueSoon: row?.due_soon ?? 0,
      grievancesOpen: row?.g_open ?? 0,
      grievancesOverdue: row?.g_overdue ?? 0,
    };
  }
  const selectedSummary = selected
    ? (summaries.find((s) => s.id === selected.project.id) ?? {
        id: selected.project.id,
        name: selected.project.name,
        description: selected.project.description ?? null,
        clientName: (selected.project.client as { name?: string }).name ?? "",
      })
    : null;
  return {
    projects: summaries,
    totalProjects: total,
    selected: selectedSummary,
    // The Active Client card falls back to the first project's description (docs/records.md#dashboard).
    activeClientDescription: selectedSummary?.description ?? summaries[0]?.description ?? null,
    counts,
    // Three small charts linking to /reports (docs/records.md#dashboard).
    charts: selected ? dashboardCharts(await dashboardChartFigures(selected)) : null,
    // The address to BCC or forward conversations to (docs/inbound-mail.md#the-project-address).
    inboundAddress: selected ? (await projectInboundAddress(selected)).address : null,
    canExportDatabase: canAccessScreen(user.role, "exportDatabase"),
    canCreateProjects: hasPermission(user.role, "createProjects"),
  };
}
