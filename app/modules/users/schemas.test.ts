import { describe, expect, it } from "vitest";
import { InviteSchema, MembersSchema, UserUpdateSchema } from "./schemas";

describe("invite schema", () => {
  it("needs an e-mail, defaults the role to viewer and reads one or many project ids", () => {
    expect(InviteSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe("Email is required");
    expect(InviteSchema.safeParse({}).error?.issues[0]?.message).toBe("Email is required");
    expect(InviteSchema.safeParse({ email: "nope" }).error?.issues[0]?.message).toBe("Enter a valid email address");
    expect(InviteSchema.parse({ email: " a@b.au ", role: "" })).toEqual({ email: "a@b.au", role: "viewer", projectIds: [] });
    expect(InviteSchema.parse({ email: "a@b.au", role: "officer", projectIds: "4" }).projectIds).toEqual([4]);
    expect(InviteSchema.parse({ email: "a@b.au", projectIds: ["4", "5", "4"], clientId: "2" })).toMatchObject({ projectIds: [4, 5], clientId: 2 });
    expect(InviteSchema.safeParse({ email: "a@b.au", role: "overlord" }).success).toBe(false);
    expect(InviteSchema.safeParse({ email: "a@b.au", projectIds: ["x"] }).success).toBe(false);
  });
});

describe("update schema (PATCH /api/users/{id})", () => {
  it("takes isActive (JSON or form text) or systemRole, and refuses neither", () => {
    expect(UserUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(UserUpdateSchema.parse({ isActive: "true" })).toEqual({ isActive: true });
    expect(UserUpdateSchema.parse({ systemRole: "director" })).toEqual({ systemRole: "director" });
    expect(UserUpdateSchema.safeParse({}).success).toBe(false);
    expect(UserUpdateSchema.safeParse({ isActive: "maybe" }).success).toBe(false);
  });

  it("members: nothing ticked is no projects", () => {
    expect(MembersSchema.parse({})).toEqual({ projectIds: [] });
  });
});
