import { ROLES } from "~/modules/permissions/permissions";
import { DOC_TYPES, DOCUMENTS, documentAccess, downloadFileName, downloadUrl, isDocType, parseTab } from "./catalogue";

describe("documentation catalogue", () => {
  it("lists the five documents once each, in the spec's order", () => {
    expect(DOCUMENTS.map((d) => d.docType)).toEqual([...DOC_TYPES]);
    expect(DOCUMENTS.filter((d) => d.restricted).map((d) => d.docType)).toEqual(["sales-materials", "system-architecture"]);
    expect(DOCUMENTS.filter((d) => d.hasWord).map((d) => d.docType)).toEqual(["product-overview", "sales-materials"]);
  });

  it("lets only a system admin open the restricted documents", () => {
    for (const role of ROLES) {
      expect(documentAccess(role, "user-guide")).toBe("allowed");
      expect(documentAccess(role, "product-overview")).toBe("allowed");
      const restricted = role === "system_admin" ? "allowed" : "restricted";
      expect(documentAccess(role, "sales-materials")).toBe(restricted);
      expect(documentAccess(role, "system-architecture")).toBe(restricted);
    }
  });

  it("calls anything else unknown", () => {
    for (const value of ["", "USER-GUIDE", "../secrets", "constructor", undefined, 3]) {
      expect(isDocType(value)).toBe(false);
      expect(documentAccess("system_admin", value)).toBe("unknown");
    }
  });

  it("names the downloads as the spec does (LSC_TYPE.html)", () => {
    expect(downloadFileName("user-guide", "html")).toBe("LSC_USER_GUIDE.html");
    expect(downloadFileName("product-overview", "word")).toBe("LSC_PRODUCT_OVERVIEW.docx");
    expect(downloadFileName("system-architecture", "pdf")).toBe("LSC_SYSTEM_ARCHITECTURE.pdf");
    expect(downloadUrl("sales-materials", "word")).toBe("/api/documentation/download-word/sales-materials");
    expect(downloadUrl("user-guide", "pdf")).toBe("/api/documentation/download-pdf/user-guide");
    expect(downloadUrl("user-guide", "html")).toBe("/api/documentation/download/user-guide");
  });

  it("reads the tab from the URL, overview by default", () => {
    expect(parseTab("downloads")).toBe("downloads");
    expect(parseTab(null)).toBe("overview");
    expect(parseTab("other")).toBe("overview");
  });
});
