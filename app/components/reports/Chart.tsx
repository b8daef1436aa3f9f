import { DataTable } from "~/components/kit";
import { CHART_COLOURS, CHART_PATTERNS, type ChartModel } from "~/modules/reports/chart-model";

/**
 * One chart as SVG (docs/records.md#report-charts), drawn from the layout the server worked out: a
 * titled and described image (role="img"), the sentence that says what it shows, a legend whose
 * swatches carry the series' patterns as well as their colours, and the numbers as a table in a
 * <details>. No script: it reads the same with JavaScript off, in print and to a screen reader.
 */
export function Chart({ chart, headingLevel = 3 }: { chart: ChartModel; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const titleId = `${chart.id}-title`;
  const descId = `${chart.id}-desc`;
  return (
    <figure className={`report-chart report-chart--${chart.kind}`} aria-labelledby={`${chart.id}-heading`}>
      <Heading id={`${chart.id}-heading`} className="report-chart__title">
        {chart.title}
      </Heading>
      <svg className="report-chart__svg" viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-labelledby={`${titleId} ${descId}`} preserveAspectRatio="xMinYMin meet">
        <title id={titleId}>{chart.title}</title>
        <desc id={descId}>{chart.summary}</desc>
        <defs>
          {chart.series.map((s) => (
            <SeriesPattern key={s.style} id={patternId(chart.id, s.style)} style={s.style} />
          ))}
        </defs>
        <Axes chart={chart} />
        {chart.bars.map((bar, i) => (
          <rect key={i} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={`url(#${patternId(chart.id, bar.series)})`} stroke="#ffffff" strokeWidth={1}>
            <title>{bar.label}</title>
          </rect>
        ))}
        {chart.lines.map((l) => (
          <g key={l.series}>
            <path d={l.d} fill="none" stroke={colour(l.series)} strokeWidth={2.5} strokeDasharray={l.series ? "6 3" : undefined} />
            {l.points.map((p, i) => (
              <circle key={i} cx={p.x} cy={p.y} r={3.5} fill={colour(l.series)}>
                <title>{p.label}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="report-chart__summary">{chart.summary}</figcaption>
      {chart.series.length > 1 ? (
        <ul className="report-chart__legend" aria-label={`Key to ${chart.title}`}>
          {chart.series.map((s) => (
            <li key={s.style}>
              {chart.kind === "line" ? (
                <svg width="24" height="16" aria-hidden="true" focusable="false">
                  <line x1="0" x2="24" y1="8" y2="8" stroke={colour(s.style)} strokeWidth={2.5} strokeDasharray={s.style ? "6 3" : undefined} />
                </svg>
              ) : (
                <svg width="16" height="16" aria-hidden="true" focusable="false">
                  <defs>
                    <SeriesPattern id={`${patternId(chart.id, s.style)}-key`} style={s.style} />
                  </defs>
                  <rect width="16" height="16" fill={`url(#${patternId(chart.id, s.style)}-key)`} stroke="#333333" />
                </svg>
              )}
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="report-chart__data">
        <summary>Data table: {chart.title}</summary>
        {/* As every table: in a labelled region that scrolls by keyboard when wider than the screen. */}
        <DataTable label={`Data table: ${chart.title}`} caption={{ text: chart.title, hidden: true }} className="report-chart__table">
          <thead>
            <tr>
              {chart.table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.table.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.values.map((v, i) => (
                  <td key={i}>{typeof v === "number" ? v.toLocaleString("en-AU") : v}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </DataTable>
      </details>
    </figure>
  );
}

const patternId = (chartId: string, style: number) => `${chartId}-pattern-${style}`;
const colour = (style: number) => CHART_COLOURS[style % CHART_COLOURS.length]!;

/** The series' fill: its colour with a white pattern over it (none for the first). */
function SeriesPattern({ id, style }: { id: string; style: number }) {
  const fill = colour(style);
  const kind = CHART_PATTERNS[style % CHART_PATTERNS.length]!;
  const stroke = { stroke: "#ffffff", strokeWidth: 1.5, strokeOpacity: 0.75 };
  return (
    <pattern id={id} width="8" height="8" patternUnits="userSpaceOnUse">
      <rect width="8" height="8" fill={fill} />
      {kind === "stripes" ? <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" {...stroke} /> : null}
      {kind === "rstripes" ? <path d="M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" {...stroke} /> : null}
      {kind === "dots" ? <circle cx="4" cy="4" r="1.6" fill="#ffffff" fillOpacity={0.8} /> : null}
      {kind === "crosshatch" ? <path d="M0,8 l8,-8 M0,0 l8,8" {...stroke} /> : null}
      {kind === "vstripes" ? <path d="M4,0 v8" {...stroke} /> : null}
      {kind === "hstripes" ? <path d="M0,4 h8" {...stroke} /> : null}
      {kind === "grid" ? <path d="M4,0 v8 M0,4 h8" {...stroke} /> : null}
    </pattern>
  );
}

function Axes({ chart }: { chart: ChartModel }) {
  const { plot } = chart;
  return (
    <g className="report-chart__axes" fontSize={chart.width < 400 ? 10 : 12} fill="#333333">
      {chart.yTicks.map((t) => (
        <g key={t.label}>
          <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} stroke="#d0d0d0" />
          <text x={plot.left - 6} y={t.y} dy="0.32em" textAnchor="end">
            {t.label}
          </text>
        </g>
      ))}
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="#333333" />
      {chart.xTicks.map((t, i) => (
        <text key={i} x={t.x} y={plot.bottom + 14} textAnchor="middle">
          {t.label}
        </text>
      ))}
      <text x={(plot.left + plot.right) / 2} y={chart.height - 6} textAnchor="middle" fontWeight="bold">
        {chart.xLabel}
      </text>
      <text transform={`translate(12 ${(plot.top + plot.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontWeight="bold">
        {chart.yLabel}
      </text>
    </g>
  );
}
