import { extensionOf, importFileKind, INVALID_FILE_MESSAGE, INVALID_FILE_TITLE, sniffSpreadsheet, specFileType } from "./file-kind";

describe("import file kind", () => {
  it("takes .csv, .xlsx, .xls and .pdf by extension, whatever the case", () => {
    expect(importFileKind("landholders.csv", "application/octet-stream")).toBe("csv");
    expect(importFileKind("Titles.XLSX", null)).toBe("xlsx");
    expect(importFileKind("old.xls", "")).toBe("xls");
    expect(importFileKind("title search.pdf", undefined)).toBe("pdf");
  });

  it("falls back to the media type for a file without a known extension", () => {
    expect(importFileKind("export", "text/csv; charset=utf-8")).toBe("csv");
    expect(importFileKind("download", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe("xlsx");
    expect(importFileKind("download", "application/vnd.ms-excel")).toBe("xls");
    expect(importFileKind("scan", "application/pdf")).toBe("pdf");
  });

  it("takes parcel files (GeoJSON, zipped shapefile, KML, KMZ) as gis", () => {
    for (const name of ["lots.geojson", "lots.json", "lots.zip", "lots.kml", "lots.kmz"]) expect(importFileKind(name, "")).toBe("gis");
    expect(importFileKind("lots", "application/geo+json")).toBe("gis");
  });

  it("refuses everything else", () => {
    expect(importFileKind("notes.txt", "text/plain")).toBeNull();
    expect(importFileKind("photo.jpg", "image/jpeg")).toBeNull();
    expect(importFileKind("archive.7z", "application/x-7z-compressed")).toBeNull();
    expect(importFileKind(".csv", "")).toBeNull(); // a hidden file named only ".csv" has no extension
    expect(INVALID_FILE_TITLE).toBe("Invalid File");
    expect(INVALID_FILE_MESSAGE).toBe("Please select a CSV, Excel (.xlsx, .xls), or PDF file.");
  });

  it("maps kinds to the spec's fileType", () => {
    expect(specFileType("xlsx")).toBe("excel");
    expect(specFileType("xls")).toBe("excel");
    expect(specFileType("csv")).toBe("csv");
    expect(specFileType("pdf")).toBe("pdf");
  });

  it("reads extensions from paths", () => {
    expect(extensionOf("C:\\Users\\me\\Land.Holders.xlsx")).toBe("xlsx");
    expect(extensionOf("noext")).toBe("");
  });

  it("tells a zip workbook and an OLE workbook from anything else by the first bytes", () => {
    expect(sniffSpreadsheet(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]))).toBe("xlsx");
    expect(sniffSpreadsheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe("xls");
    expect(sniffSpreadsheet(new TextEncoder().encode("<html><body>"))).toBe("other");
    expect(sniffSpreadsheet(new Uint8Array([0x50, 0x4b]))).toBe("other");
  });
});
