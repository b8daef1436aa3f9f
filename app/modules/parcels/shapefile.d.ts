/** The part of mbostock's shapefile reader (which ships no types) that read-gis.ts uses. */
declare module "shapefile" {
  export interface Source {
    read(): Promise<{ done: true; value: undefined } | { done: false; value: { type: "Feature"; geometry: unknown; properties: Record<string, unknown> | null } }>;
    cancel(): Promise<void>;
  }
  export function open(shp: ArrayBuffer | Uint8Array, dbf?: ArrayBuffer | Uint8Array | null, options?: { encoding?: string }): Promise<Source>;
}
