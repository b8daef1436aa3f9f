import { contactDetails, contactSummary, lotPlan, propertySearchHref, stakeholderHref, volumeFolio } from "./format";

describe("contactDetails", () => {
  it("keeps non-blank e-mails, phones and addresses in field order without duplicates", () => {
    expect(
      contactDetails({
        email: " a@x.test ",
        email2: "A@X.test",
        email3: "b@x.test",
        phone: "0412 345 678",
        phone2: "",
        phone3: null,
        mobile: "0412345678",
        homePhone: "03 5352 4410",
        businessPhone: "03 9614 2200",
        address: "1 Main St",
        address2: "1 Main  St",
        address3: "PO Box 4",
      }),
    ).toEqual({
      emails: ["a@x.test", "b@x.test"],
      phones: [
        { value: "0412 345 678", label: null },
        { value: "03 5352 4410", label: "home" },
        { value: "03 9614 2200", label: "business" },
      ],
      addresses: ["1 Main St", "PO Box 4"],
    });
  });

  it("is empty for a stakeholder without contact fields", () => {
    expect(contactDetails({})).toEqual({ emails: [], phones: [], addresses: [] });
  });
});

describe("contactSummary", () => {
  it("joins the first e-mail and phone, falls back to either, and is null with neither", () => {
    expect(contactSummary({ email: "a@x.test", phone2: "0400", mobile: "0411" })).toBe("a@x.test · 0400");
    expect(contactSummary({ cellPhone: "0411" })).toBe("0411");
    expect(contactSummary({ email3: "c@x.test" })).toBe("c@x.test");
    expect(contactSummary({ address: "1 Main St" })).toBeNull();
  });
});

describe("volumeFolio and lotPlan", () => {
  it("formats volume/folio", () => {
    expect(volumeFolio("10234", "512")).toBe("10234/512");
    expect(volumeFolio("10234", " ")).toBe("10234");
    expect(volumeFolio(null, "512")).toBe("512");
    expect(volumeFolio(null, undefined)).toBeNull();
  });

  it("prefers the title's lot/plan line, else builds one from lot and plan", () => {
    expect(lotPlan({ lotPlanLine: "Crown Allotment 14", lot: "1", planNumber: "PS1" })).toBe("Crown Allotment 14");
    expect(lotPlan({ lot: "1", planNumber: "PS412345" })).toBe("Lot 1 on PS412345");
    expect(lotPlan({ lot: "3" })).toBe("Lot 3");
    expect(lotPlan({ planNumber: "TP845612" })).toBe("TP845612");
    expect(lotPlan({})).toBeNull();
  });
});

describe("links", () => {
  it("URL-encodes the address in the View link and builds the highlight link", () => {
    expect(propertySearchHref("Lot 2 Western Highway, Beaufort & Co #1")).toBe("/properties?search=Lot%202%20Western%20Highway%2C%20Beaufort%20%26%20Co%20%231");
    expect(stakeholderHref(42)).toBe("/stakeholders?highlight=42");
  });
});
