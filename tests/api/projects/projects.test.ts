import { describe, expect, it } from "vitest";
import * as archive from "@/app/api/project/[id]/archive/route";
import * as restore from "@/app/api/project/[id]/restore/route";
import * as one from "@/app/api/project/[id]/route";
import * as share from "@/app/api/project/[id]/share/route";
import * as unarchive from "@/app/api/project/[id]/unarchive/route";
import * as archivedList from "@/app/api/project/archived/route";
import * as deletedList from "@/app/api/project/deleted/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import * as deletedPlans from "@/app/api/signplan/deleted/route";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";

const p = (id: number) => ({ params: { id: String(id) } });

describe("projects", () => {
  it("every user has one 'Standardprojekt', even when the first two requests come together", async () => {
    const user = await createUser();
    const [a, b] = await Promise.all([as(user.token, projects.GET), as(user.token, projects.GET)]);
    expect(a.status).toBe(200);
    expect(a.json.map((x: any) => x.name)).toEqual(["Standardprojekt"]);
    expect(b.json).toEqual(a.json);
    expect((await as(user.token, projects.GET)).json).toHaveLength(1);
  });

  it("creates, renames and lists projects with their plan counts", async () => {
    const user = await createUser();
    const created = await as(user.token, projects.POST, { method: "POST", body: { name: " Vejarbejde Nørregade " } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: "Vejarbejde Nørregade",
      isShared: false,
      planCount: 0,
      archived: false,
      deleted: false,
      isOwner: true,
    });
    const id = created.json.id;
    await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan 1", project_id: id } });
    await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan 2", project_id: id } });
    const renamed = await as(user.token, one.PUT, { method: "PUT", ...p(id), body: { name: "Nørregade" } });
    expect(renamed.json).toMatchObject({ name: "Nørregade", planCount: 2 });
    const list = (await as(user.token, projects.GET)).json;
    expect(list.map((x: any) => [x.name, x.planCount])).toEqual([
      ["Standardprojekt", 0],
      ["Nørregade", 2],
    ]);
  });

  it("refuses a project without a name and changes nothing", async () => {
    const user = await createUser();
    const res = await as(user.token, projects.POST, { method: "POST", body: { name: "  " } });
    expect(res).toEqual({ status: 400, json: { message: "Skriv et navn til projektet.", field: "name" } });
  });

  it("archives and unarchives; the archived list is separate", async () => {
    const user = await createUser();
    const { json: project } = await as(user.token, projects.POST, { method: "POST", body: { name: "Gammelt" } });
    expect((await as(user.token, archive.POST, { method: "POST", ...p(project.id) })).json.archived).toBe(true);
    expect((await as(user.token, projects.GET)).json.map((x: any) => x.name)).not.toContain("Gammelt");
    expect((await as(user.token, archivedList.GET)).json.map((x: any) => x.name)).toEqual(["Gammelt"]);
    await as(user.token, unarchive.POST, { method: "POST", ...p(project.id) });
    expect((await as(user.token, archivedList.GET)).json).toEqual([]);
  });

  it("deleting a project takes its plans to the trash, and restoring brings back exactly those", async () => {
    const user = await createUser();
    const { json: project } = await as(user.token, projects.POST, { method: "POST", body: { name: "Slettes" } });
    const { json: kept } = await as(user.token, signplans.POST, {
      method: "POST",
      body: { name: "Med projektet", project_id: project.id },
    });
    const { json: earlier } = await as(user.token, signplans.POST, {
      method: "POST",
      body: { name: "Slettet før", project_id: project.id },
    });
    const { DELETE: deletePlan } = await import("@/app/api/signplan/[id]/route");
    await as(user.token, deletePlan, { method: "DELETE", ...p(earlier.id) });

    expect((await as(user.token, one.DELETE, { method: "DELETE", ...p(project.id) })).json.deleted).toBe(true);
    expect((await as(user.token, deletedList.GET)).json.map((x: any) => [x.name, x.planCount])).toEqual([["Slettes", 2]]);
    expect((await as(user.token, deletedPlans.GET)).json.map((x: any) => x.id).sort()).toEqual([kept.id, earlier.id].sort());

    await as(user.token, restore.POST, { method: "POST", ...p(project.id) });
    const active = (await as(user.token, signplans.GET, { query: `?project_id=${project.id}` })).json;
    expect(active.map((x: any) => x.name)).toEqual(["Med projektet"]);
    expect((await as(user.token, deletedPlans.GET)).json.map((x: any) => x.name)).toEqual(["Slettet før"]);
  });

  it("sharing needs an organisation, shares with the owner's organisation, and cannot be undone", async () => {
    const loner = await createUser();
    const { json: mine } = await as(loner.token, projects.POST, { method: "POST", body: { name: "Privat" } });
    const refused = await as(loner.token, share.PUT, { method: "PUT", ...p(mine.id), body: { isShared: true } });
    expect(refused).toEqual({ status: 400, json: { message: "Du er ikke tilknyttet en organisation" } });

    const owner = await createUser();
    const member = await createUser();
    await createOrganisation(owner.id, [member.id]);
    const { json: project } = await as(owner.token, projects.POST, { method: "POST", body: { name: "Fælles" } });
    expect((await as(member.token, projects.GET)).json.map((x: any) => x.name)).not.toContain("Fælles");
    const shared = await as(owner.token, share.PUT, { method: "PUT", ...p(project.id), body: { isShared: true } });
    expect(shared.json).toMatchObject({ isShared: true });
    const seen = (await as(member.token, projects.GET)).json.find((x: any) => x.name === "Fælles");
    expect(seen).toMatchObject({ isShared: true, isOwner: false });
    const undo = await as(owner.token, share.PUT, { method: "PUT", ...p(project.id), body: { isShared: false } });
    expect(undo.status).toBe(400);
    expect(undo.json.message).toBe("Deling af et projekt kan ikke fortrydes.");
  });
});
