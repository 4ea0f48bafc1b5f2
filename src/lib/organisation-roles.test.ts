import { describe, expect, it } from "vitest";
import {
  ORGANISATION_ACTIONS,
  ORGANISATION_ROLES,
  may,
  mayActOn,
  roleOf,
  type OrganisationAction,
  type OrganisationRole,
} from "./organisation-roles";

/*
 * Every cell of the permission table, written out here once more by hand: a change to the table in
 * roles.ts must be made twice, on purpose. (The README carries the same table.)
 */
const EXPECTED: Record<OrganisationAction, Record<OrganisationRole, boolean>> = {
  invite: { owner: true, admin: true, member: true },
  resendInvite: { owner: true, admin: true, member: true },
  revokeInvite: { owner: true, admin: true, member: false },
  removeMember: { owner: true, admin: true, member: false },
  makeAdmin: { owner: true, admin: true, member: false },
  unmakeAdmin: { owner: true, admin: true, member: false },
  editOrganisation: { owner: true, admin: true, member: false },
  manageLogo: { owner: true, admin: true, member: false },
  manageSigns: { owner: true, admin: true, member: false },
  manageBilling: { owner: true, admin: true, member: false },
  deleteOrganisation: { owner: true, admin: false, member: false },
  transferOwnership: { owner: true, admin: false, member: false },
};

describe("the organisation permission table", () => {
  it("covers every action", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ORGANISATION_ACTIONS].sort());
  });

  for (const action of ORGANISATION_ACTIONS) {
    for (const role of ORGANISATION_ROLES) {
      it(`${action} × ${role}: ${EXPECTED[action][role] ? "allowed" : "refused"}`, () => {
        expect(may(role, action)).toBe(EXPECTED[action][role]);
      });
    }
    it(`${action} × not a member: refused`, () => {
      expect(may(null, action)).toBe(false);
    });
  }
});

describe("nobody grants or acts above their own role", () => {
  it("an administrator makes members administrators but acts on nobody ranked above", () => {
    expect(mayActOn("admin", "makeAdmin", "member")).toBe(true);
    expect(mayActOn("admin", "removeMember", "member")).toBe(true);
    expect(mayActOn("admin", "removeMember", "admin")).toBe(true);
    expect(mayActOn("admin", "removeMember", "owner")).toBe(false);
    expect(mayActOn("admin", "unmakeAdmin", "owner")).toBe(false);
  });

  it("the owner is never removed or demoted by these actions, not even by the owner", () => {
    for (const action of ["removeMember", "unmakeAdmin", "makeAdmin"] as const) expect(mayActOn("owner", action, "owner")).toBe(false);
    expect(mayActOn("owner", "removeMember", "admin")).toBe(true);
  });

  it("a member acts on nobody", () => {
    for (const target of ORGANISATION_ROLES) {
      expect(mayActOn("member", "removeMember", target)).toBe(false);
      expect(mayActOn("member", "makeAdmin", target)).toBe(false);
    }
  });
});

describe("roleOf", () => {
  it("reads the owner from the organisation and administrators from the membership", () => {
    expect(roleOf(1, { owner_id: 1 }, { is_admin: 1 })).toBe("owner");
    expect(roleOf(2, { owner_id: 1 }, { is_admin: 1 })).toBe("admin");
    expect(roleOf(3, { owner_id: 1 }, { is_admin: 0 })).toBe("member");
    expect(roleOf(4, { owner_id: 1 }, undefined)).toBeNull();
  });
});
