import { synonymTable } from "./column-synonyms";
import { importField, importFields, SKIP } from "./import-fields";

describe("the synonym table", () => {
  // Compared as written (plurals kept): "Addresses" and "Address" are told apart before plurals are ignored.
  const literal = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

  it.each(["stakeholders", "properties"] as const)("sends each %s spelling to one target, and never to a missing field", (type) => {
    const seen = new Map<string, string>();
    const clash: string[] = [];
    for (const field of importFields(type)) {
      for (const name of field.matchNames ?? [field.key, field.label]) {
        const key = literal(name);
        if (seen.has(key) && seen.get(key) !== field.key) clash.push(`${name}: ${seen.get(key)} / ${field.key}`);
        seen.set(key, field.key);
      }
    }
    for (const [target, spellings] of Object.entries(synonymTable(type))) {
      expect([target, target === SKIP || target.startsWith("custom:") || importField(type, target) !== undefined]).toEqual([target, true]);
      for (const spelling of spellings) {
        const key = literal(spelling);
        const earlier = seen.get(key);
        // A synonym equal to another field's exact name could never be reached.
        if (earlier !== undefined && earlier !== target) clash.push(`${spelling}: ${earlier} / ${target}`);
        seen.set(key, target);
      }
    }
    expect(clash).toEqual([]);
  });
});
