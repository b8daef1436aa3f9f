import { addressSimilarity, jaroSimilarity, jaroWinkler, nameSimilarity, personNameSimilarity, withinOneEdit, wordsSimilarity } from "./similarity";

describe("Jaro and Jaro-Winkler", () => {
  it("give the published values", () => {
    // Winkler (1990) and the usual reference pairs.
    expect(jaroSimilarity("MARTHA", "MARHTA")).toBeCloseTo(0.944, 3);
    expect(jaroWinkler("MARTHA", "MARHTA")).toBeCloseTo(0.961, 3);
    expect(jaroSimilarity("DWAYNE", "DUANE")).toBeCloseTo(0.822, 3);
    expect(jaroWinkler("DWAYNE", "DUANE")).toBeCloseTo(0.84, 3);
    expect(jaroSimilarity("DIXON", "DICKSONX")).toBeCloseTo(0.767, 3);
    expect(jaroWinkler("DIXON", "DICKSONX")).toBeCloseTo(0.813, 3);
    expect(jaroWinkler("CRATE", "TRACE")).toBeCloseTo(0.733, 3);
  });

  it("is 1 for equal strings, 0 for nothing shared or empty, and symmetric", () => {
    expect(jaroWinkler("smith", "smith")).toBe(1);
    expect(jaroWinkler("abc", "xyz")).toBe(0);
    expect(jaroWinkler("", "")).toBe(0);
    expect(jaroWinkler("", "a")).toBe(0);
    expect(jaroWinkler("a", "a")).toBe(1);
    expect(jaroWinkler("jon", "john")).toBeCloseTo(jaroWinkler("john", "jon"), 10);
  });

  it("rewards at most four shared leading letters", () => {
    const jaro = jaroSimilarity("abcdefgh", "abcdefxy");
    expect(jaroWinkler("abcdefgh", "abcdefxy")).toBeCloseTo(jaro + 0.4 * (1 - jaro), 10);
  });
});

describe("nameSimilarity", () => {
  it("is 1 for the same name written differently", () => {
    expect(nameSimilarity("Smith, John", "JOHN SMITH")).toBe(1);
    expect(nameSimilarity("Mr John Smith", "john smith")).toBe(1);
    expect(nameSimilarity("José García", "Jose Garcia")).toBe(1);
    expect(nameSimilarity("Acme Pty Ltd", "ACME Proprietary Limited")).toBe(1);
    expect(nameSimilarity("Acme P/L", "Acme")).toBe(1);
    expect(nameSimilarity("Smith & Sons", "Smith and Sons")).toBe(1);
  });

  it("tolerates one typo", () => {
    expect(nameSimilarity("Jon Smith", "John Smith")).toBeGreaterThan(0.95);
    expect(nameSimilarity("John Smyth", "John Smith")).toBeGreaterThan(0.9);
    expect(nameSimilarity("Katherine Jones", "Kathrine Jones")).toBeGreaterThan(0.9);
  });

  it("tolerates a missing middle name or an initial", () => {
    expect(nameSimilarity("John Smith", "John Michael Smith")).toBeCloseTo(0.92, 5);
    expect(nameSimilarity("J Smith", "John Smith")).toBeCloseTo(0.95, 5);
    expect(nameSimilarity("Smith, J. M.", "John Michael Smith")).toBeCloseTo((0.9 + 0.9 + 1) / 3, 5);
  });

  it("keeps different people apart", () => {
    expect(nameSimilarity("John Smith", "Jane Smith")).toBeLessThan(0.8);
    expect(nameSimilarity("John Smith", "John Brown")).toBeLessThan(0.8);
    expect(nameSimilarity("Smith", "John Smith")).toBeLessThan(0.8);
    expect(nameSimilarity("Acme Pty Ltd", "Acme Holdings Pty Ltd")).toBeLessThan(0.8);
    expect(nameSimilarity("", "John Smith")).toBe(0);
    expect(nameSimilarity(null, null)).toBe(0);
  });

  it("does not depend on word order or argument order", () => {
    expect(nameSimilarity("SMITH John", "John Smith")).toBe(1);
    expect(nameSimilarity("John Michael Smith", "Jon Smith")).toBeCloseTo(nameSimilarity("Jon Smith", "John Michael Smith"), 10);
  });
});

describe("wordsSimilarity", () => {
  it("aligns words and charges for extra ones", () => {
    expect(wordsSimilarity(["lake", "road"], ["road", "lake"])).toBe(1);
    expect(wordsSimilarity(["lake", "road"], ["lake", "road", "buangor"])).toBeCloseTo(0.92, 5);
    expect(wordsSimilarity([], ["x"])).toBe(0);
  });
});

describe("addressSimilarity", () => {
  it("is 1 for the same address written differently", () => {
    expect(addressSimilarity("22 Lake Rd, Buangor VIC 3375", "22 LAKE ROAD BUANGOR VICTORIA 3375")).toBe(1);
    expect(addressSimilarity("Unit 3, 12 X St", "3/12 X Street")).toBe(1);
  });

  it("is 0 when the number, unit, lot or postcode disagree", () => {
    expect(addressSimilarity("12 Lake Rd Buangor", "14 Lake Rd Buangor")).toBe(0);
    expect(addressSimilarity("3/12 X St", "4/12 X St")).toBe(0);
    expect(addressSimilarity("22 Lake Rd 3375", "22 Lake Rd 3377")).toBe(0);
    expect(addressSimilarity("Lot 5 Western Hwy", "1480 Western Hwy")).toBe(0);
    expect(addressSimilarity("", "22 Lake Rd")).toBe(0);
  });

  it("forgives a typo, a missing locality and, less, a missing number", () => {
    expect(addressSimilarity("22 Lake Rd Buangor", "22 Lkae Road Buangor")).toBeGreaterThan(0.9);
    expect(addressSimilarity("22 Lake Rd", "22 Lake Road Buangor")).toBeCloseTo(0.92, 5);
    expect(addressSimilarity("Lake Rd Buangor", "22 Lake Rd Buangor")).toBeCloseTo(0.9, 5);
    expect(addressSimilarity("22 Lake Rd Buangor", "22 Hill St Ararat")).toBe(0);
  });
});

describe("numbers in names", () => {
  it("match only exactly", () => {
    expect(nameSimilarity("Person 12", "Person 1")).toBeLessThan(0.8);
    expect(nameSimilarity("Person 12", "Person 13")).toBeLessThan(0.8);
    expect(nameSimilarity("Person 12", "person 12")).toBe(1);
  });
});

describe("personNameSimilarity", () => {
  it("compares surname with surname and first name with first name", () => {
    expect(personNameSimilarity("Smith, John", "JOHN SMITH")).toBe(1);
    expect(personNameSimilarity("SMITH John", "John Smith")).toBe(1);
    expect(personNameSimilarity("John Smith", "John Michael Smith")).toBeCloseTo(0.92, 5);
    expect(personNameSimilarity("J Smith", "John Smith")).toBeCloseTo(0.95, 5);
    expect(personNameSimilarity("Smith, J. M.", "John Michael Smith")).toBeCloseTo((0.9 + 0.9 + 1) / 3, 5);
  });

  it("takes one typo in either name, including two letters swapped, but not two", () => {
    for (const typo of ["Jon Smith", "John Smyth", "Jonh Smith", "John Smiht", "Rja Tatiez"])
      expect(personNameSimilarity(typo, typo.startsWith("Rja") ? "Raj Tatiez" : "John Smith")).toBeGreaterThanOrEqual(0.8);
    expect(personNameSimilarity("Jonh Smiht", "John Smith")).toBe(0);
  });

  it("does not cross first and last names or take near-miss first names", () => {
    expect(personNameSimilarity("Michelle Richter", "Richard Mitchell")).toBeLessThan(0.8);
    expect(personNameSimilarity("Michelle Sheridan", "Michael Matthew Sheridan")).toBeLessThan(0.8);
    expect(personNameSimilarity("Peter White", "Paul Peter White")).toBeLessThan(0.8);
    expect(personNameSimilarity("John Smith", "Jane Smith")).toBeLessThan(0.8);
  });

  it("is exactly one typo apart, or not", () => {
    expect(withinOneEdit("dawson", "dswson")).toBe(true);
    expect(withinOneEdit("ruby", "urby")).toBe(true);
    expect(withinOneEdit("bush", "ush")).toBe(true);
    expect(withinOneEdit("michelle", "michael")).toBe(false);
  });
});
