import { maskAddress, maskAddressesIn, recipientSummary } from "./redact";

describe("maskAddress", () => {
  it("keeps the first character of the mailbox and the domain", () => {
    expect(maskAddress("pmo@corp.example")).toBe("p…@corp.example");
    expect(maskAddress("Margaret.Nguyen@Farm.Example.org")).toBe("M…@farm.example.org");
  });

  it("shows nothing of something that is not an address", () => {
    expect(maskAddress("nobody")).toBe("…");
    expect(maskAddress("@corp.example")).toBe("…");
  });
});

describe("maskAddressesIn", () => {
  it("masks every address in a server's answer and leaves the rest", () => {
    expect(maskAddressesIn("550 5.1.1 <margaret.nguyen@farm.example>: Recipient address rejected; also bob@x.example")).toBe(
      "550 5.1.1 <m…@farm.example>: Recipient address rejected; also b…@x.example",
    );
    expect(maskAddressesIn("connect ECONNREFUSED 127.0.0.1:2525")).toBe("connect ECONNREFUSED 127.0.0.1:2525");
  });
});

describe("recipientSummary", () => {
  it("names at most two recipients, masked, and counts the rest", () => {
    expect(recipientSummary(["pmo@corp.example"])).toBe("p…@corp.example");
    expect(recipientSummary(["pmo@corp.example", "finance@corp.example", "hse@corp.example", "records@corp.example"])).toBe("p…@corp.example, f…@corp.example and 2 more");
    expect(recipientSummary([])).toBe("no recipients");
  });
});
