import { describe, expect, it } from "vitest";
import * as one from "@/app/api/signplan/[id]/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

const p = (id: number) => ({ params: { id: String(id) } });
const well = {
  id: "well-1",
  imageUrl: "/signs/sewer/bronde_og_udskillere/rensebrond-425.webp",
  position: [10.38551, 55.40178],
  rotation: 0,
  heightInMeters: 0.425,
  widthInMeters: 0.425,
};

async function newPlan(token: string) {
  const { json: project } = await as(token, projects.POST, { method: "POST", body: { name: "Kloak" } });
  const res = await as(token, signplans.POST, { method: "POST", body: { name: "Koter", project_id: project.id } });
  expect(res.status).toBe(201);
  return res.json;
}

describe("PUT /signplan/{id} with a well's levels", () => {
  it("keeps a well's cover, invert and connection levels", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token);
    const signs = [{ ...well, coverLevel: 12.45, invertLevel: 10.8, connectionLevel: -0.5 }];
    const saved = await as(user.token, one.PUT, {
      method: "PUT",
      ...p(plan.id),
      body: { version: 1, content: { ...plan.content, signs } },
    });
    expect(saved.status).toBe(200);
    expect((await as(user.token, one.GET, p(plan.id))).json.content.signs).toEqual(signs);
  });

  it("a level beyond -100 to 3000 m, or one that is no number, is a 400 naming the field, and nothing is saved", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token);
    for (const [field, level] of [
      ["coverLevel", 3000.5],
      ["invertLevel", -100.01],
      ["connectionLevel", "12,45"],
    ] as const) {
      const signs = [{ ...well, [field]: level }];
      const res = await as(user.token, one.PUT, {
        method: "PUT",
        ...p(plan.id),
        body: { version: 1, content: { ...plan.content, signs } },
      });
      expect(res.status, field).toBe(400);
      expect(res.json.field).toBe(`content.signs.0.${field}`);
      expect(res.json.message).toMatch(new RegExp(`^Planens indhold er ugyldigt i feltet content\\.signs\\.0\\.${field}\\.`));
    }
    expect((await as(user.token, one.GET, p(plan.id))).json).toMatchObject({ version: 1, content: { signs: [] } });
  });
});
