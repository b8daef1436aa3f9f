import { bboxText, geometryPath, mapView, mercator, neighbourBoxes, padBbox, parseBbox, tilesFor, toPixel, MAP_HEIGHT, MAP_WIDTH, type Bbox } from "./map-view";
import type { Polygon } from "./geojson";

const MOLONG: Bbox = [148.86, -33.1, 148.88, -33.08];

describe("parseBbox", () => {
  it("reads west,south,east,north in degrees", () => {
    expect(parseBbox("148.86,-33.1,148.88,-33.08")).toEqual(MOLONG);
    expect(parseBbox(" 148.86 , -33.1 ,148.88, -33.08 ")).toEqual(MOLONG);
  });
  it.each(["", "1,2,3", "1,2,3,4,5", "a,b,c,d", "148.88,-33.1,148.86,-33.08", "148.86,-33.08,148.88,-33.1", "-181,0,1,1", "0,-91,1,1", "1e3,0,2,1"])("refuses %j", (text) => {
    expect(parseBbox(text)).toBeNull();
  });
  it("writes six decimals", () => expect(bboxText([148.123456789, -33.1, 148.2, -33])).toBe("148.123457,-33.1,148.2,-33"));
});

describe("mapView and projection", () => {
  it("Web Mercator puts (0, 0) in the middle of the square and the north above the south", () => {
    expect(mercator(0, 0)).toEqual([0.5, 0.5]);
    expect(mercator(-180, 0)[0]).toBe(0);
    expect(mercator(0, 60)[1]).toBeLessThan(mercator(0, -60)[1]);
  });

  it("shows all of the asked box, centred, with one scale", () => {
    const view = mapView(MOLONG);
    const [x0, y0] = toPixel(view, [MOLONG[0], MOLONG[3]]);
    const [x1, y1] = toPixel(view, [MOLONG[2], MOLONG[1]]);
    expect(Math.min(x0, y0)).toBeGreaterThanOrEqual(-1e-6);
    expect(x1).toBeLessThanOrEqual(MAP_WIDTH + 1e-6);
    expect(y1).toBeLessThanOrEqual(MAP_HEIGHT + 1e-6);
    // The box is taller than the drawing's shape allows at this width, so it fills the height and is centred across.
    expect(y1 - y0).toBeCloseTo(MAP_HEIGHT, 6);
    expect((x0 + x1) / 2).toBeCloseTo(MAP_WIDTH / 2, 6);
    // The shown box contains the asked one.
    expect(view.shown[0]).toBeLessThanOrEqual(MOLONG[0]);
    expect(view.shown[2]).toBeGreaterThanOrEqual(MOLONG[2]);
    expect(view.zoom).toBeGreaterThan(14);
    expect(view.zoom).toBeLessThan(16);
  });

  it("zoom links halve and double the shown box; pan links move it by half", () => {
    const view = mapView(MOLONG);
    const [w, s, e, n] = view.shown;
    const next = neighbourBoxes(view);
    expect(next.zoomIn[2] - next.zoomIn[0]).toBeCloseTo((e - w) / 2, 9);
    expect(next.zoomOut[3] - next.zoomOut[1]).toBeCloseTo((n - s) * 2, 9);
    expect(next.north[1]).toBeCloseTo(s + (n - s) / 2, 9);
    expect(next.west[2]).toBeCloseTo(e - (e - w) / 2, 9);
    expect(mapView(next.zoomIn).zoom).toBeCloseTo(view.zoom + 1, 1);
  });

  it("padBbox grows a box and gives a point a size", () => {
    expect(padBbox([1, 1, 2, 2], 0.5)).toEqual([0.5, 0.5, 2.5, 2.5]);
    const point = padBbox([148, -33, 148, -33]);
    expect(point[2] - point[0]).toBeGreaterThan(0);
  });
});

/** A ring of n points on a circle of radius r degrees around (cx, cy). */
const circle = (cx: number, cy: number, r: number, n: number): Polygon => {
  const ring = Array.from({ length: n }, (_, i) => [cx + r * Math.cos((2 * Math.PI * i) / n), cy + r * Math.sin((2 * Math.PI * i) / n)]);
  return { type: "Polygon", coordinates: [[...ring, ring[0]!]] };
};

describe("geometryPath", () => {
  it("writes whole pixels with relative moves, closed", () => {
    const view = mapView([0, 0, 8, 5.6]);
    const square: Polygon = {
      type: "Polygon",
      coordinates: [
        [
          [1, 1],
          [3, 1],
          [3, 3],
          [1, 3],
          [1, 1],
        ],
      ],
    };
    const d = geometryPath(view, square);
    const [x, y] = toPixel(view, [1, 1]).map(Math.round) as [number, number];
    const [x2, y2] = toPixel(view, [3, 3]).map(Math.round) as [number, number];
    // Start at (1, 1), then relative moves east, north (up the drawing) and west; a minus sign separates itself.
    expect(d).toBe(`M${x} ${y}l${x2 - x} 0 0${y2 - y}${x - x2} 0z`);
  });

  it("simplifies by zoom level: a 400-point circle keeps few points far out and more close in", () => {
    const parcel = circle(148.87, -33.09, 0.001, 400);
    const points = (bbox: Bbox) => geometryPath(mapView(bbox), parcel).split(/[ l-]/).length;
    const far = points([148.5, -33.4, 149.2, -32.8]);
    const near = points([148.868, -33.092, 148.872, -33.088]);
    expect(far).toBeLessThan(12);
    expect(near).toBeGreaterThan(60);
    expect(near).toBeLessThan(800);
  });

  it("a parcel smaller than a pixel stays a 2 × 2 square", () => {
    const d = geometryPath(mapView([140, -40, 150, -30]), circle(148.87, -33.09, 0.00001, 8));
    expect(d).toMatch(/^M\d+ \d+h2v2h-2z$/);
  });

  it("draws every polygon and hole of a MultiPolygon", () => {
    const view = mapView([0, 0, 8, 5.6]);
    const d = geometryPath(view, {
      type: "MultiPolygon",
      coordinates: [
        [
          [
            [1, 1],
            [4, 1],
            [4, 4],
            [1, 4],
            [1, 1],
          ],
          [
            [2, 2],
            [3, 2],
            [3, 3],
            [2, 3],
            [2, 2],
          ],
        ],
        [
          [
            [5, 1],
            [6, 1],
            [6, 2],
            [5, 1],
          ],
        ],
      ],
    });
    expect(d.match(/M/g)).toHaveLength(3);
  });
});

describe("tilesFor", () => {
  it("covers the drawing with tiles of the nearest zoom level, placed on the pixel grid", () => {
    const view = mapView(MOLONG);
    const tiles = tilesFor(view, "https://tile.example.org/{z}/{x}/{y}.png");
    const z = Math.round(view.zoom);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(30);
    for (const t of tiles) expect(t.href).toMatch(new RegExp(`^https://tile\\.example\\.org/${z}/\\d+/\\d+\\.png$`));
    // Together they cover the drawing.
    expect(Math.min(...tiles.map((t) => t.x))).toBeLessThanOrEqual(0);
    expect(Math.min(...tiles.map((t) => t.y))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.x + t.size))).toBeGreaterThanOrEqual(MAP_WIDTH);
    expect(Math.max(...tiles.map((t) => t.y + t.size))).toBeGreaterThanOrEqual(MAP_HEIGHT);
    // The tile under Molong at this zoom, by the XYZ formula.
    const [mx, my] = mercator(148.87, -33.09);
    const expected = `https://tile.example.org/${z}/${Math.floor(mx * 2 ** z)}/${Math.floor(my * 2 ** z)}.png`;
    expect(tiles.map((t) => t.href)).toContain(expected);
  });
});
