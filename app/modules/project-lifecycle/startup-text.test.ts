import { groupLines, type PositionedText } from "~/utils/pdf-lines";
import { readLabelledLine, readStartupText, readTeamHeader } from "./startup-text";

/** A page from rows of [x, text] runs, top down, 10-point text on 16-point rows (what a printed form gives pdfjs). */
function page(rows: [number, string][][], { top = 800, step = 16 } = {}): ReturnType<typeof groupLines> {
  const items: PositionedText[] = [];
  rows.forEach((row, i) => {
    for (const [x, str] of row) items.push({ str, x, y: top - i * step, width: str.length * 5, size: 10 });
  });
  return groupLines(items);
}

const valueOf = (result: ReturnType<typeof readStartupText>, field: string) => result.fields.find((f) => f.field === field)?.value;

describe("readLabelledLine", () => {
  it("reads 'Label: value', a label and value in two columns, and a label at the start of a short line", () => {
    expect(readLabelledLine("Project Name: Goulburn Valley Water")).toMatchObject({ kind: "field", field: { key: "projectTitle" }, value: "Goulburn Valley Water" });
    expect(readLabelledLine("Sector    ENVIRONMENTAL")).toMatchObject({ field: { key: "sector" }, value: "ENVIRONMENTAL" });
    expect(readLabelledLine("Client Project Manager Priya Raman")).toMatchObject({ field: { key: "clientProjectManager" }, value: "Priya Raman" });
    expect(readLabelledLine("Client Contact Number (03) 5832 0400")).toMatchObject({ field: { key: "clientPhone" }, value: "(03) 5832 0400" });
    expect(readLabelledLine("Additional Comments")).toMatchObject({ field: { key: "additionalComments" }, value: "" });
  });

  it("does not take another label's words or a sentence for a field", () => {
    expect(readLabelledLine("Client Address: 104 Fryers Street")).toEqual({ kind: "unknown" });
    expect(readLabelledLine("Completed by: Tom Fitzgerald Date: 02/07/2025")).toEqual({ kind: "unknown" });
    // One-word labels need a colon or a column gap: "Client meetings …" is a sentence.
    expect(readLabelledLine("Client meetings are held monthly")).toBeNull();
    expect(readLabelledLine("Project Manager will confirm the access schedule with each landholder before the works start.")).toBeNull();
    expect(readLabelledLine("Project details")).toBeNull();
  });
});

describe("readStartupText", () => {
  it("reads the three label layouts and a comment that runs over two lines", () => {
    const result = readStartupText([
      page([
        [[72, "Project Start Up, Planning and Closure Form"]],
        [[72, "Project Title: Hume Highway Duplication"]],
        [
          [72, "ABN"],
          [250, "51 824 753 556"],
        ],
        [[72, "Start Date (dd/mm/yyyy) 03/02/2025"]],
        [[72, "State:"]],
        [[72, "New South Wales"]],
        [[72, "Additional Comments"]],
        [[72, "Access east of the river needs"]],
        [[72, "48 hours' notice."]],
      ]),
    ]);
    expect(result.fields).toEqual([
      { field: "projectTitle", value: "Hume Highway Duplication", label: "Project Title" },
      { field: "clientABN", value: "51824753556", label: "Client ABN" },
      { field: "projectStartDate", value: "2025-02-03", label: "Project Start Date" },
      { field: "state", value: "NSW", label: "State" },
      { field: "additionalComments", value: "Access east of the river needs\n48 hours' notice.", label: "Additional Comments" },
    ]);
  });

  it("leaves a value that does not fit its field out, and never reads a label as the value above it", () => {
    const result = readStartupText([page([[[72, "Sector: Mining"]], [[72, "Estimated End Date"]], [[72, "Region: Riverina"]], [[72, "Project Start Date: to be confirmed"]]])]);
    expect(result.fields).toEqual([{ field: "region", value: "Riverina", label: "Region" }]);
  });

  it("keeps the first value of a field and skips fields the PDF's own form fields gave", () => {
    const lines = page([[[72, "Client: First Client"]], [[72, "Client Name: Second Client"]], [[72, "Region: Riverina"]]]);
    expect(valueOf(readStartupText([lines]), "clientName")).toBe("First Client");
    expect(readStartupText([lines], new Set(["clientName"])).fields.map((f) => f.field)).toEqual(["region"]);
  });

  it("reads the team table by its columns: a missing cell stays empty, a wrapped cell joins its row", () => {
    const team = page([
      [
        [72, "Team Member"],
        [250, "Hourly Rate"],
        [350, "Qualifications"],
      ],
      [
        [72, "Grace Kim"],
        [250, "$150.00"],
        [350, "BA (Hons) Social Science"],
      ],
      [
        [72, "Noah Williams"],
        [250, "$125.00"],
      ],
      [
        [72, "Aroha Ngata"],
        [350, "Registered Surveyor"],
      ],
      [[350, "(Victoria)"]],
    ]);
    expect(readTeamHeader(team[0]!)).toEqual([
      { part: "name", x: 72 },
      { part: "rate", x: 250 },
      { part: "qualifications", x: 350 },
    ]);
    expect(readStartupText([team]).teamMembers).toEqual([
      { name: "Grace Kim", rate: "$150.00", qualifications: "BA (Hons) Social Science" },
      { name: "Noah Williams", rate: "$125.00", qualifications: "" },
      { name: "Aroha Ngata", rate: "", qualifications: "Registered Surveyor (Victoria)" },
    ]);
  });

  it("ends the team table at the next label, and reads the fields after it", () => {
    const result = readStartupText([
      page([
        [
          [72, "Name"],
          [250, "Rate"],
        ],
        [
          [72, "Emma Clarke"],
          [250, "$165/hr"],
        ],
        [[72, "Terms of Engagement: Fixed fee"]],
      ]),
    ]);
    expect(result.teamMembers).toEqual([{ name: "Emma Clarke", rate: "$165/hr", qualifications: "" }]);
    expect(valueOf(result, "termsOfEngagement")).toBe("fixedFee");
  });

  it("reads numbered team member labels in their numbers' order", () => {
    const result = readStartupText([page([[[72, "Team Member 2 Name: Liam Patel"]], [[72, "Team Member 1 Name: Emma Clarke"]], [[72, "Team Member 1 Rate: $165/hr"]]])]);
    expect(result.teamMembers).toEqual([
      { name: "Emma Clarke", rate: "$165/hr", qualifications: "" },
      { name: "Liam Patel", rate: "", qualifications: "" },
    ]);
  });

  it("is not a team table without a name column", () => {
    const lines = page([
      [
        [72, "Rate"],
        [250, "Qualifications"],
      ],
    ]);
    expect(readTeamHeader(lines[0]!)).toBeNull();
  });
});
