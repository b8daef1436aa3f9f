import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DANGER_ACTION_NAMES, DANGER_ACTIONS, INVALID_CONFIRMATION_CODE, invalidConfirmationMessage } from "./danger-zone";

/**
 * README.md documents the Danger Zone's /api calls beside the spec's shape: the confirmation each needs
 * and the exact message of the refusal (docs/administration.md#danger-zone). The rows must say what the
 * server says.
 */
const readme = readFileSync(join(__dirname, "../../../README.md"), "utf8");
const section = readme.slice(readme.indexOf("### /api calls that differ from the spec's shape"));
const rows = section.split("\n").filter((line) => line.startsWith("| `DELETE /api/database/"));

describe("README: the Danger Zone over /api", () => {
  it("has one row per action, with its confirmation and the server's exact refusal", () => {
    expect(rows.map((row) => /DELETE \/api\/database\/([a-z-]+)\?projectId=/.exec(row)?.[1])).toEqual(DANGER_ACTION_NAMES);
    for (const action of DANGER_ACTION_NAMES) {
      const cells = rows.find((row) => row.includes(`/api/database/${action}?`))!.split(" | ");
      expect(cells[1], action).toBe(`\`{ "confirmation": "${DANGER_ACTIONS[action].confirmation}" }\``);
      expect(cells[2], action).toBe(`\`${invalidConfirmationMessage(action)}\` |`);
    }
  });

  it("names the refusal's status and code as the server sends them", () => {
    expect(section).toContain(`400 \`{ "message": "…", "code": "${INVALID_CONFIRMATION_CODE}" }\``);
  });
});
