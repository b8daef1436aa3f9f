import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Button, Heading } from "~/components/radix";
import { EmptyState, NoProjectSelected, PageHeader, Pagination, ProjectBanner } from "~/components/kit";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { FILL_LEGEND, ParcelMap, Swatch } from "~/components/parcels/ParcelMap";
import { ParcelTable } from "~/components/parcels/ParcelTable";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { loadMapPage } from "~/modules/parcels/map-page.server";
import { MAP_MAX_PARCELS, MAP_TABLE_PAGE_SIZE } from "~/modules/parcels/map-limits";
import { handleAppErrors } from "~/utils/http.server";

export const handle = { pageTitle: "Map" };

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ project: null } as const);
    return json(await loadMapPage(access, request));
  });

const count = (n: number) => n.toLocaleString("en-AU");

export default function MapPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.project) {
    return (
      <div className="stack">
        <PageHeader title="Map" subtitle="No project selected" />
        <NoProjectSelected what="parcels" />
      </div>
    );
  }
  const { map, table, property } = data;
  return (
    <div className="stack">
      <PageHeader title="Map" subtitle={data.project.name}>
        <Button asChild variant="outline">
          <a href={data.exportLinks.geojson}>Export GeoJSON</a>
        </Button>
        <Button asChild variant="outline">
          <a href={data.exportLinks.kml}>Export KML</a>
        </Button>
        <Button asChild variant="outline">
          <Link to="/affected-areas">Affected areas</Link>
        </Button>
      </PageHeader>
      <ProjectBanner project={data.project} />
      {property ? (
        <p role="status">
          {property.onMap ? (
            <>
              Showing the parcels of <strong>{property.address}</strong> (outlined).{" "}
            </>
          ) : (
            <>
              <strong>{property.address}</strong> has no parcels on the map.{" "}
            </>
          )}
          <Link to="/map">Show every parcel</Link>
        </p>
      ) : null}
      {!map || !table ? (
        <EmptyState id="no-parcels-title" title="No parcels on the map">
          Parcel boundaries come in through the <Link to="/import">import wizard</Link> (GeoJSON, zipped shapefile or KML).
        </EmptyState>
      ) : (
        <div className="map-layout">
          <section className="parcel-map" aria-labelledby="map-heading">
            <Heading as="h2" size="4" id="map-heading">
              Parcels in this view ({count(map.total)})
            </Heading>
            <nav className="map-controls" aria-label="Zoom and pan">
              <Link to={map.links.zoomIn} preventScrollReset>
                Zoom in
              </Link>
              <Link to={map.links.zoomOut} preventScrollReset>
                Zoom out
              </Link>
              <Link to={map.links.north} preventScrollReset>
                Pan north
              </Link>
              <Link to={map.links.south} preventScrollReset>
                Pan south
              </Link>
              <Link to={map.links.west} preventScrollReset>
                Pan west
              </Link>
              <Link to={map.links.east} preventScrollReset>
                Pan east
              </Link>
              <Link to={map.links.all}>Whole project</Link>
            </nav>
            {map.tooMany ? (
              <p role="status" className="map-notice">
                This view holds {count(map.total)} parcels, more than the {count(MAP_MAX_PARCELS)} the map draws at once: zoom in to see them.
              </p>
            ) : null}
            <ParcelMap width={map.width} height={map.height} parcels={map.parcels} areas={map.areas} tiles={map.tiles} links={map.links} />
            <ul className="map-legend" aria-label="Legend">
              {FILL_LEGEND.map((l) => (
                <li key={l.fill}>
                  <Swatch fill={l.fill} /> {l.label} <span className="muted">({l.meaning})</span>
                </li>
              ))}
              {map.areas.length ? (
                <li>
                  <Swatch fill="area" /> Affected area <span className="muted">({map.areas.map((a) => a.name).join(", ")})</span>
                </li>
              ) : null}
            </ul>
          </section>
          <section className="stack" aria-labelledby="parcel-table-heading">
            <Heading as="h2" size="4" id="parcel-table-heading">
              Parcels table
            </Heading>
            {table.rows.length ? (
              <>
                <ParcelTable rows={table.rows} />
                <Pagination page={table.page} pageSize={MAP_TABLE_PAGE_SIZE} total={map.parcels.length} label="Parcels" />
              </>
            ) : (
              <p>{map.tooMany ? "Zoom in to list the parcels of the view." : "No parcels in this view."}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = () => <RouteErrorBoundary notFoundTitle="Property not found" back={{ to: "/map", label: "Back to Map" }} />;
