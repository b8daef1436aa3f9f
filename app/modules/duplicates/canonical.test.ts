import { foldText } from "./fold";
import { isCompanyName, nameCoreTokens, canonicalName } from "./canonical-names";
import { canonicalEmail, canonicalPhone, phoneKind } from "./canonical-contact";
import { canonicalAddress, parseAddress } from "./canonical-addresses";
import { lotPlanKey, parseLotPlan, parseVolumeFolio, volumeFolioAsWritten, volumeFolioKey } from "./title-references";

describe("foldText", () => {
  it("drops case, accents and punctuation, reads & as and", () => {
    expect(foldText("  Zoë  Ñúñez-Brûlé ")).toBe("zoe nunez brule");
    expect(foldText("O'Brien & Sons")).toBe("obrien and sons");
    expect(foldText(null)).toBe("");
  });
});

describe("canonicalName", () => {
  it("reads 'Surname, Given' as 'Given Surname'", () => {
    expect(canonicalName("Smith, John")).toBe("john smith");
    expect(canonicalName("SMITH, John Michael")).toBe("john michael smith");
    expect(canonicalName("Van Der Berg, Anna")).toBe("anna van der berg");
    expect(canonicalName("John Smith")).toBe("john smith");
  });

  it("drops titles at the front only", () => {
    expect(canonicalName("Mr John Smith")).toBe("john smith");
    expect(canonicalName("Dr. Jane O'Brien")).toBe("jane obrien");
    expect(canonicalName("Mrs. & Mr Brown")).toBe("and mr brown");
    expect(canonicalName("Smith, Dr John")).toBe("john smith");
    // A name that is only a title word is kept: there is nothing else to match on.
    expect(canonicalName("Dr")).toBe("dr");
  });

  it("writes company suffixes one way", () => {
    for (const name of ["Acme Pty Ltd", "ACME PTY. LTD.", "Acme Proprietary Limited", "Acme P/L", "Acme Pty Limited", "acme p / l"]) {
      expect(canonicalName(name)).toBe("acme pty ltd");
    }
    expect(canonicalName("Widgets Incorporated")).toBe("widgets inc");
    expect(canonicalName("Smith & Sons Company")).toBe("smith and sons co");
    // A comma before a suffix is not "Surname, Given".
    expect(canonicalName("Acme, Pty Ltd")).toBe("acme pty ltd");
  });

  it("keeps accents and case out", () => {
    expect(canonicalName("JOSÉ GARCÍA")).toBe("jose garcia");
  });

  it("nameCoreTokens drops the company suffix", () => {
    expect(nameCoreTokens("Acme Proprietary Limited")).toEqual(["acme"]);
    expect(nameCoreTokens("Pty Ltd")).toEqual(["pty", "ltd"]);
    expect(isCompanyName("Acme P/L")).toBe(true);
    expect(isCompanyName("John Smith")).toBe(false);
  });
});

describe("canonicalPhone", () => {
  it("keeps digits and turns +61 into the trunk 0", () => {
    expect(canonicalPhone("+61 412 345 678")).toBe("0412345678");
    expect(canonicalPhone("+61 (0)412 345 678")).toBe("0412345678");
    expect(canonicalPhone("0061 412 345 678")).toBe("0412345678");
    expect(canonicalPhone("61412345678")).toBe("0412345678");
    expect(canonicalPhone("0412 345 678")).toBe("0412345678");
    expect(canonicalPhone("412 345 678")).toBe("0412345678");
  });

  it("reads landlines with brackets and area codes", () => {
    expect(canonicalPhone("(03) 5352 1234")).toBe("0353521234");
    expect(canonicalPhone("+61 3 5352 1234")).toBe("0353521234");
    expect(canonicalPhone("03-5352-1234")).toBe("0353521234");
    // A local number without its area code stays as written.
    expect(canonicalPhone("5352 1234")).toBe("53521234");
  });

  it("is null without digits", () => {
    expect(canonicalPhone("")).toBeNull();
    expect(canonicalPhone("n/a")).toBeNull();
    expect(canonicalPhone(undefined)).toBeNull();
  });

  it("tells mobiles from landlines", () => {
    expect(phoneKind("+61 412 345 678")).toBe("mobile");
    expect(phoneKind("(02) 9876 5432")).toBe("landline");
    expect(phoneKind("13 11 14")).toBe("other");
    expect(phoneKind("")).toBeNull();
  });
});

describe("canonicalEmail", () => {
  it("trims and lower-cases", () => {
    expect(canonicalEmail("  Jane.Citizen@Example.COM ")).toBe("jane.citizen@example.com");
    expect(canonicalEmail("mailto:a@b.au")).toBe("a@b.au");
    expect(canonicalEmail("   ")).toBeNull();
    expect(canonicalEmail(null)).toBeNull();
  });
});

describe("addresses", () => {
  it("expand street types", () => {
    expect(canonicalAddress("22 Lake Rd, Buangor VIC 3375")).toBe("22 lake road buangor vic 3375");
    expect(canonicalAddress("22 LAKE ROAD BUANGOR VICTORIA 3375")).toBe("22 lake road buangor vic 3375");
    expect(canonicalAddress("1480 Western Hwy")).toBe("1480 western highway");
    expect(canonicalAddress("5 Ocean Ave")).toBe("5 ocean avenue");
    expect(canonicalAddress("5 Banksia Cres")).toBe("5 banksia crescent");
    expect(canonicalAddress("5 Banksia Ct")).toBe("5 banksia court");
    expect(canonicalAddress("5 Banksia Pl")).toBe("5 banksia place");
    expect(canonicalAddress("5 Beach Tce")).toBe("5 beach terrace");
    expect(canonicalAddress("5 Beach Pde")).toBe("5 beach parade");
  });

  it("read Dr as Drive and St after the number before a name as Saint", () => {
    expect(canonicalAddress("7 Gum Tree Dr")).toBe("7 gum tree drive");
    expect(canonicalAddress("12 St Kilda Rd, Melbourne VIC 3004")).toBe("12 saint kilda road melbourne vic 3004");
    expect(canonicalAddress("12 Smith St Ararat")).toBe("12 smith street ararat");
  });

  it("write every unit form as unit/number", () => {
    const expected = "3/12 x street";
    for (const address of ["Unit 3, 12 X St", "3/12 X St", "3 / 12 X Street", "Unit 3 12 X St", "U3 12 X St", "Apt 3, 12 X St", "Flat 3/12 X St"]) {
      expect(canonicalAddress(address)).toBe(expected);
    }
    expect(parseAddress("Unit 3, 12 X St").unit).toBe("3");
    expect(parseAddress("Unit 3, 12 X St").streetNumber).toBe("12");
    expect(parseAddress("Upper 12 X St").unit).toBeNull();
  });

  it("read lot numbers, states, postcodes and street numbers", () => {
    const parsed = parseAddress("Lot 5 Western Highway, Buangor, Victoria 3375, Australia");
    expect(parsed).toMatchObject({ lot: "5", streetNumber: null, postcode: "3375", state: "vic", street: "western highway buangor vic" });
    expect(parsed.text).toBe("lot 5 western highway buangor vic 3375");
    expect(parseAddress("12-14 Main St, Ararat NSW 2000")).toMatchObject({ streetNumber: "12", postcode: "2000", state: "nsw" });
    expect(parseAddress("12A Main St")).toMatchObject({ streetNumber: "12a", postcode: null });
    // A 4-digit street number is not a postcode.
    expect(parseAddress("1480 Western Hwy")).toMatchObject({ streetNumber: "1480", postcode: null });
    expect(parseAddress("")).toMatchObject({ text: "", streetNumber: null, postcode: null });
    expect(parseAddress("10 Main St, Perth Western Australia 6000").state).toBe("wa");
  });
});

describe("volume/folio", () => {
  it("reads one text in its usual forms", () => {
    const expected = { volume: "10234", folio: "512", suffix: "" };
    for (const text of ["10234/512", "10234-512", "10234 512", "10234 / 512", "Vol 10234 Fol 512", "Volume 010234 Folio 0512", "V10234 F512"]) {
      expect(parseVolumeFolio(text)).toEqual(expected);
    }
    expect(parseVolumeFolio("10234/512A")).toEqual({ volume: "10234", folio: "512", suffix: "A" });
    expect(parseVolumeFolio("10234/512 a")).toEqual({ volume: "10234", folio: "512", suffix: "A" });
  });

  it("reads separate fields", () => {
    expect(parseVolumeFolio("01234", "056")).toEqual({ volume: "1234", folio: "56", suffix: "" });
    expect(volumeFolioKey(parseVolumeFolio("10234", "512A"))).toBe("10234/512A");
    expect(parseVolumeFolio("0", "0")).toEqual({ volume: "0", folio: "0", suffix: "" });
  });

  it("is null when it is not a reference", () => {
    expect(parseVolumeFolio("10234")).toBeNull();
    expect(parseVolumeFolio("", "")).toBeNull();
    expect(parseVolumeFolio("abc", "def")).toBeNull();
    expect(volumeFolioKey(null)).toBeNull();
  });

  it("keeps the written form apart from the canonical one", () => {
    expect(volumeFolioAsWritten("10234", "512")).toBe(volumeFolioAsWritten("10234/512"));
    expect(volumeFolioAsWritten("010234", "512")).not.toBe(volumeFolioAsWritten("10234", "512"));
    expect(volumeFolioAsWritten("x", null)).toBeNull();
  });
});

describe("lot/plan", () => {
  it("reads the usual forms", () => {
    const expected = { lot: "3", planType: "DP", planNumber: "12345" };
    for (const text of ["Lot 3 DP 12345", "3/DP12345", "3//DP12345", "L3 DP12345", "lot 3 dp12345", "Lot 3 on Deposited Plan 012345", "3 / DP 12345"]) {
      expect(parseLotPlan(text)).toEqual(expected);
    }
  });

  it("reads every plan type and Victorian plan suffixes", () => {
    for (const type of ["DP", "SP", "RP", "PS", "TP", "LP", "CP"]) expect(parseLotPlan(`Lot 7 ${type}4567`)?.planType).toBe(type);
    expect(parseLotPlan("Lot 1 on Plan of Subdivision 412345A")).toEqual({ lot: "1", planType: "PS", planNumber: "412345A" });
    expect(parseLotPlan("Lot A PS412345")).toEqual({ lot: "A", planType: "PS", planNumber: "412345" });
  });

  it("reads separate lot and plan fields", () => {
    expect(parseLotPlan("3", "DP12345")).toEqual({ lot: "3", planType: "DP", planNumber: "12345" });
    expect(parseLotPlan("03", "12345")).toEqual({ lot: "3", planType: null, planNumber: "12345" });
    expect(lotPlanKey(parseLotPlan("3", "DP 12345"))).toBe("3/DP12345");
    expect(lotPlanKey(parseLotPlan("3", "12345"))).toBe("3/12345");
  });

  it("is null when it is not a lot/plan", () => {
    expect(parseLotPlan("22 Lake Road")).toBeNull();
    expect(parseLotPlan("")).toBeNull();
    expect(parseLotPlan("3", null)).toBeNull();
    expect(lotPlanKey(null)).toBeNull();
  });
});
