/**
 * Parcels for tests and the bench, written straight into the `parcel` table (no import needed): a grid
 * of rural-looking lots near Molong NSW, each a ring of 12–20 points with fences that bend a little,
 * so simplification and the pixel grid have real work to do. Deterministic for a given seed.
 */

/** A small seeded generator (mulberry32): the same lots on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Square metres of a ring in degrees, by the local scale at its latitude (close enough for test data). */
function approxAreaM2(ring, lat) {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) sum += ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1];
  return Math.abs(sum / 2) * 111_320 * Math.cos((lat * Math.PI) / 180) * 110_574;
}

/**
 * `columns × rows` lots of `size` degrees from `origin` (west, south). Corners shared by neighbours are
 * jittered the same way, so lots meet without gaps; each side gets a few bends.
 * @param {{ columns: number; rows: number; origin?: [number, number]; size?: [number, number]; seed?: number; plan?: string }} options
 */
export function parcelGrid({ columns, rows, origin = [148.85, -33.12], size = [0.002, 0.0015], seed = 1, plan = "DP7500" }) {
  const jitter = random(seed);
  const corner = new Map();
  const cornerAt = (i, j) => {
    const key = `${i},${j}`;
    if (!corner.has(key)) corner.set(key, [origin[0] + i * size[0] + (jitter() - 0.5) * size[0] * 0.2, origin[1] + j * size[1] + (jitter() - 0.5) * size[1] * 0.2]);
    return corner.get(key);
  };
  const sideBends = new Map();
  /** A side between two corners, with 3–5 bends, the same points whichever lot walks it. */
  const side = (a, b, key) => {
    if (!sideBends.has(key)) {
      const n = 3 + Math.floor(jitter() * 3);
      sideBends.set(
        key,
        Array.from({ length: n }, (_, k) => (jitter() - 0.5) * 0.04 * ((k + 1) / (n + 1))),
      );
    }
    const bends = sideBends.get(key);
    const points = [];
    for (let k = 0; k < bends.length; k++) {
      const t = (k + 1) / (bends.length + 1);
      points.push([a[0] + (b[0] - a[0]) * t - (b[1] - a[1]) * bends[k], a[1] + (b[1] - a[1]) * t + (b[0] - a[0]) * bends[k]]);
    }
    return points;
  };
  const lots = [];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; i++) {
      const sw = cornerAt(i, j);
      const se = cornerAt(i + 1, j);
      const ne = cornerAt(i + 1, j + 1);
      const nw = cornerAt(i, j + 1);
      const forward = (a, b, key) => side(a, b, key);
      const backward = (a, b, key) => side(b, a, key).reverse();
      const ring = [sw, ...forward(sw, se, `h${i},${j}`), se, ...forward(se, ne, `v${i + 1},${j}`), ne, ...backward(ne, nw, `h${i},${j + 1}`), nw, ...backward(nw, sw, `v${i},${j}`), sw].map(
        ([x, y]) => [Number(x.toFixed(8)), Number(y.toFixed(8))],
      );
      const n = lots.length + 1;
      const xs = ring.map((p) => p[0]);
      const ys = ring.map((p) => p[1]);
      lots.push({
        lotPlan: `Lot ${n} ${plan}`,
        lotPlanKey: `${n}/${plan}`,
        address: `${100 + n} Boree Lane, Molong NSW 2866`,
        geometry: { type: "Polygon", coordinates: [ring] },
        areaM2: approxAreaM2(ring, sw[1]),
        bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      });
    }
  }
  return lots;
}

const text = (value) => (value === null || value === undefined ? "null" : `'${String(value).replace(/'/g, "''")}'`);

/**
 * One INSERT of the lots into `parcel` for a project, each linked to `propertyIds[i]` when given
 * (null leaves it unlinked). Plain SQL text, for the ORM's sqlExecute and for a raw connection alike.
 * @param {number} projectId
 * @param {ReturnType<typeof parcelGrid>} lots
 * @param {(number | null)[]} [propertyIds]
 */
export function parcelInsertSql(projectId, lots, propertyIds = []) {
  const values = lots.map((lot, i) =>
    [
      projectId,
      propertyIds[i] ?? "null",
      text(lot.lotPlan),
      text(lot.lotPlanKey),
      text(lot.address),
      `${text(JSON.stringify(lot.geometry))}::jsonb`,
      "'EPSG:7844'",
      lot.areaM2,
      ...lot.bbox,
      "now()",
      "now()",
    ].join(", "),
  );
  return `insert into parcel (project_id, property_id, lot_plan, lot_plan_key, address, geometry, source_crs, area_m2, min_lng, min_lat, max_lng, max_lat, created_at, updated_at)
          values (${values.join("), (")}) returning id`;
}
