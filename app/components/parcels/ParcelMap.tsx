import { useEffect, useRef, type RefObject } from "react";
import { useNavigate } from "@remix-run/react";
import type { MapParcel, ParcelFill } from "~/modules/parcels/map-page.server";
import type { Tile } from "~/modules/parcels/map-view";

/** Legend order and words: the LAA status (docs/records.md#laa-status) of each parcel's property. */
export const FILL_LEGEND: { fill: ParcelFill; label: string; meaning: string }[] = [
  { fill: "active", label: "Active", meaning: "agreement signed" },
  { fill: "expiring_soon", label: "Expiring soon", meaning: "expires within 30 days" },
  { fill: "expired", label: "Expired", meaning: "agreement expired" },
  { fill: "none", label: "No LAA", meaning: "no agreement" },
  { fill: "unlinked", label: "Not linked", meaning: "parcel not matched to a property" },
];

/**
 * Each status's fill is a pattern as well as a colour (stripes, cross-hatch, dots, blank), so the map
 * reads in greyscale and for colour-blind users; defined once in the map and used by the legend too.
 */
function Patterns() {
  return (
    <defs>
      <pattern id="fill-active" width="8" height="8" patternUnits="userSpaceOnUse">
        <rect width="8" height="8" fill="#3f9b57" />
      </pattern>
      <pattern id="fill-expiring_soon" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="#f2c14e" />
        <rect width="2.5" height="6" fill="#7a5200" />
      </pattern>
      <pattern id="fill-expired" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="#e5736b" />
        <path d="M0 3h6M3 0v6" stroke="#6d0f0a" strokeWidth="1.5" />
      </pattern>
      <pattern id="fill-none" width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill="#c9ccd1" />
        <circle cx="3" cy="3" r="1.2" fill="#3c4047" />
      </pattern>
      <pattern id="fill-unlinked" width="8" height="8" patternUnits="userSpaceOnUse">
        <rect width="8" height="8" fill="#ffffff" />
      </pattern>
    </defs>
  );
}

/** A legend swatch: the same pattern as the map's parcels. */
export function Swatch({ fill }: { fill: ParcelFill | "area" }) {
  return (
    <svg className="map-swatch" width="22" height="16" viewBox="0 0 22 16" aria-hidden="true" focusable="false">
      {fill === "area" ? (
        <rect x="1" y="1" width="20" height="14" className="map-area" />
      ) : (
        <rect x="1" y="1" width="20" height="14" fill={`url(#fill-${fill})`} className={`parcel parcel--${fill}`} />
      )}
    </svg>
  );
}

/**
 * Wheel zoom with JavaScript: Ctrl and the wheel over the map follows the zoom link, the same URL
 * the plain links give (docs/records.md#the-map). Without JavaScript the links are the controls.
 */
function useWheelZoom(ref: RefObject<SVGSVGElement>, zoomIn: string, zoomOut: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    let busy = false;
    const onWheel = (event: WheelEvent) => {
      // Ctrl (or ⌘) and the wheel, or a trackpad's pinch (which browsers report so): a plain wheel still scrolls the page.
      if ((!event.ctrlKey && !event.metaKey) || event.deltaY === 0) return;
      event.preventDefault();
      if (busy) return;
      busy = true;
      navigate(event.deltaY < 0 ? zoomIn : zoomOut, { preventScrollReset: true });
    };
    svg.addEventListener("wheel", onWheel, { passive: false });
    return () => svg.removeEventListener("wheel", onWheel);
  }, [ref, zoomIn, zoomOut, navigate]);
}

export function ParcelMap({
  width,
  height,
  parcels,
  areas,
  tiles,
  links,
}: {
  width: number;
  height: number;
  parcels: MapParcel[];
  areas: { id: number; name: string; d: string }[];
  tiles: Tile[];
  links: { zoomIn: string; zoomOut: string };
}) {
  const ref = useRef<SVGSVGElement>(null);
  useWheelZoom(ref, links.zoomIn, links.zoomOut);
  return (
    <svg ref={ref} className="parcel-map__svg" viewBox={`0 0 ${width} ${height}`} role="group" aria-labelledby="map-heading">
      <Patterns />
      {tiles.length ? (
        <g aria-hidden="true">
          {tiles.map((t) => (
            <image key={t.href} href={t.href} x={t.x} y={t.y} width={t.size} height={t.size} preserveAspectRatio="none" />
          ))}
        </g>
      ) : null}
      <g className="parcels">
        {parcels.map((p) =>
          p.href ? (
            <a key={p.id} href={p.href} aria-label={p.label}>
              <path d={p.d} className={`parcel parcel--${p.fill}${p.highlighted ? " parcel--highlight" : ""}`} />
            </a>
          ) : (
            <path key={p.id} d={p.d} className="parcel parcel--unlinked">
              <title>{p.label}</title>
            </path>
          ),
        )}
      </g>
      {areas.length ? (
        <g className="map-areas" aria-hidden="true">
          {areas.map((a) => (
            <path key={a.id} d={a.d} className="map-area" />
          ))}
        </g>
      ) : null}
    </svg>
  );
}
