/**
 * Every project and plan route against every kind of caller: anonymous (401), another user, a member
 * of another organisation and a member of the owner's organisation while the project is private (404:
 * ids cannot be probed), and a member of the owner's organisation once it is shared (allowed).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as pArchive from "@/app/api/project/[id]/archive/route";
import * as pRestore from "@/app/api/project/[id]/restore/route";
import * as pOne from "@/app/api/project/[id]/route";
import * as pShare from "@/app/api/project/[id]/share/route";
import * as pUnarchive from "@/app/api/project/[id]/unarchive/route";
import * as projects from "@/app/api/project/route";
import * as sArchive from "@/app/api/signplan/[id]/archive/route";
import * as sBackground from "@/app/api/signplan/[id]/background/route";
import * as sCopy from "@/app/api/signplan/[id]/copy/route";
import * as sReset from "@/app/api/signplan/[id]/reset/route";
import * as sOne from "@/app/api/signplan/[id]/route";
import * as sShare from "@/app/api/signplan/[id]/share/route";
import * as sUnarchive from "@/app/api/signplan/[id]/unarchive/route";
import * as sRestore from "@/app/api/signplan/restore/[id]/route";
import * as signplans from "@/app/api/signplan/route";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";

type Actor = "anonymous" | "stranger" | "otherOrganisation" | "colleague";
const tokens: Record<Actor, string | null> = { anonymous: null, stranger: null, otherOrganisation: null, colleague: null };
let ownerToken = "";
let projectId = 0;
let planId = 0;
let ownerProjectForCopy = 0;

beforeAll(async () => {
  const owner = await createUser();
  const colleague = await createUser();
  const stranger = await createUser();
  const rival = await createUser();
  const rivalColleague = await createUser();
  await createOrganisation(owner.id, [colleague.id]);
  await createOrganisation(rival.id, [rivalColleague.id]);
  ownerToken = owner.token;
  tokens.stranger = stranger.token;
  tokens.otherOrganisation = rivalColleague.token;
  tokens.colleague = colleague.token;
  projectId = (await as(owner.token, projects.POST, { method: "POST", body: { name: "Ejerens" } })).json.id;
  ownerProjectForCopy = (await as(owner.token, projects.POST, { method: "POST", body: { name: "Kopimål" } })).json.id;
  planId = (await as(owner.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: projectId } })).json.id;
});

/** Each route, called on the owner's project or plan. */
const routes: [string, (token: string | null) => Promise<{ status: number }>][] = [
  ["PUT /project/{id}", (t) => as(t, pOne.PUT, { method: "PUT", params: { id: String(projectId) }, body: { name: "x" } })],
  ["DELETE /project/{id}", (t) => as(t, pOne.DELETE, { method: "DELETE", params: { id: String(projectId) } })],
  ["PUT /project/{id}/share", (t) => as(t, pShare.PUT, { method: "PUT", params: { id: String(projectId) }, body: { isShared: true } })],
  ["POST /project/{id}/archive", (t) => as(t, pArchive.POST, { method: "POST", params: { id: String(projectId) } })],
  ["POST /project/{id}/unarchive", (t) => as(t, pUnarchive.POST, { method: "POST", params: { id: String(projectId) } })],
  ["POST /project/{id}/restore", (t) => as(t, pRestore.POST, { method: "POST", params: { id: String(projectId) } })],
  ["GET /signplan?project_id", (t) => as(t, signplans.GET, { query: `?project_id=${projectId}` })],
  ["POST /signplan", (t) => as(t, signplans.POST, { method: "POST", body: { name: "x", project_id: projectId } })],
  ["GET /signplan/{id}", (t) => as(t, sOne.GET, { params: { id: String(planId) } })],
  ["PUT /signplan/{id}", (t) => as(t, sOne.PUT, { method: "PUT", params: { id: String(planId) }, body: { version: 999, name: "x" } })],
  ["DELETE /signplan/{id}", (t) => as(t, sOne.DELETE, { method: "DELETE", params: { id: String(planId) } })],
  ["POST /signplan/restore/{id}", (t) => as(t, sRestore.POST, { method: "POST", params: { id: String(planId) } })],
  ["POST /signplan/{id}/archive", (t) => as(t, sArchive.POST, { method: "POST", params: { id: String(planId) } })],
  ["POST /signplan/{id}/unarchive", (t) => as(t, sUnarchive.POST, { method: "POST", params: { id: String(planId) } })],
  [
    "POST /signplan/{id}/copy",
    (t) => as(t, sCopy.POST, { method: "POST", params: { id: String(planId) }, body: { name: "k", project_id: projectId } }),
  ],
  ["POST /signplan/{id}/share", (t) => as(t, sShare.POST, { method: "POST", params: { id: String(planId) } })],
  ["GET /signplan/{id}/share", (t) => as(t, sShare.GET, { params: { id: String(planId) } })],
  ["DELETE /signplan/{id}/share", (t) => as(t, sShare.DELETE, { method: "DELETE", params: { id: String(planId) } })],
  ["POST /signplan/{id}/reset", (t) => as(t, sReset.POST, { method: "POST", params: { id: String(planId) }, body: { version: 999 } })],
  ["GET /signplan/{id}/background", (t) => as(t, sBackground.GET, { params: { id: String(planId) } })],
];

describe("permissions on a private project", () => {
  for (const [name, call] of routes) {
    it(`${name}: anonymous 401; stranger, other organisation and colleague 404`, async () => {
      expect((await call(tokens.anonymous)).status).toBe(401);
      expect((await call(tokens.stranger)).status).toBe(404);
      expect((await call(tokens.otherOrganisation)).status).toBe(404);
      expect((await call(tokens.colleague)).status).toBe(404);
    });
  }

  it("lists show nothing of it to others", async () => {
    for (const actor of ["stranger", "otherOrganisation", "colleague"] as const) {
      const names = (await as(tokens[actor], projects.GET)).json.map((p: any) => p.name);
      expect(names).toEqual(["Standardprojekt"]);
      expect((await as(tokens[actor], signplans.GET)).json).toEqual([]);
    }
  });

  it("a colleague cannot copy the owner's plan into their own project either", async () => {
    const mine = (await as(tokens.colleague, projects.GET)).json[0].id;
    expect(
      (await as(tokens.colleague, sCopy.POST, { method: "POST", params: { id: String(planId) }, body: { name: "k", project_id: mine } }))
        .status,
    ).toBe(404);
    expect(
      (await as(ownerToken, sCopy.POST, { method: "POST", params: { id: String(planId) }, body: { name: "k", project_id: mine } })).status,
    ).toBe(404);
  });
});

describe("permissions once the project is shared with the organisation", () => {
  beforeAll(async () => {
    expect((await as(ownerToken, pShare.PUT, { method: "PUT", params: { id: String(projectId) }, body: { isShared: true } })).status).toBe(
      200,
    );
  });

  it("a colleague reads and edits the plan; strangers and other organisations still get 404", async () => {
    const plan = await as(tokens.colleague, sOne.GET, { params: { id: String(planId) } });
    expect(plan.status).toBe(200);
    const saved = await as(tokens.colleague, sOne.PUT, {
      method: "PUT",
      params: { id: String(planId) },
      body: { version: plan.json.version, name: "Rettet af kollega" },
    });
    expect(saved.status).toBe(200);
    expect((await as(ownerToken, sOne.GET, { params: { id: String(planId) } })).json.name).toBe("Rettet af kollega");
    for (const actor of ["stranger", "otherOrganisation"] as const) {
      expect((await as(tokens[actor], sOne.GET, { params: { id: String(planId) } })).status).toBe(404);
      expect(
        (await as(tokens[actor], sOne.PUT, { method: "PUT", params: { id: String(planId) }, body: { version: 2, name: "x" } })).status,
      ).toBe(404);
    }
  });

  it("a colleague sees the project in the list, creates plans in it and copies plans out of it", async () => {
    const list = (await as(tokens.colleague, projects.GET)).json;
    expect(list.find((p: any) => p.id === projectId)).toMatchObject({ isShared: true, isOwner: false });
    expect((await as(tokens.colleague, signplans.POST, { method: "POST", body: { name: "Ny", project_id: projectId } })).status).toBe(201);
    const mine = list.find((p: any) => p.name === "Standardprojekt").id;
    expect(
      (
        await as(tokens.colleague, sCopy.POST, {
          method: "POST",
          params: { id: String(planId) },
          body: { name: "Min kopi", project_id: mine },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await as(ownerToken, sCopy.POST, {
          method: "POST",
          params: { id: String(planId) },
          body: { name: "k", project_id: ownerProjectForCopy },
        })
      ).status,
    ).toBe(201);
  });

  it("lists show its plans to a colleague, and still nothing of it to others", async () => {
    const ids = (res: { json: any }) => res.json.map((p: any) => p.id);
    expect(ids(await as(tokens.colleague, signplans.GET))).toContain(planId);
    expect(ids(await as(tokens.colleague, signplans.GET, { query: `?project_id=${projectId}` }))).toContain(planId);
    for (const actor of ["stranger", "otherOrganisation"] as const) {
      expect((await as(tokens[actor], signplans.GET)).json).toEqual([]);
      expect((await as(tokens[actor], signplans.GET, { query: `?project_id=${projectId}` })).status).toBe(404);
      expect(ids(await as(tokens[actor], projects.GET))).not.toContain(projectId);
    }
  });
});
