import { describe, expect, it } from "vitest";
import * as settings from "@/app/api/user-settings/route";
import { PIPE_WATER_KIND_DEFAULTS } from "@/lib/elements/pipe";
import { pipeWaterKindLook } from "@/lib/schemas/user-settings";
import da from "@messages/da.json";
import sv from "@messages/sv.json";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

// The look of each kind of water a pipe carries (issue 19: configurable, since municipalities differ):
// user settings' pipeWaterKinds, through GET/PATCH /user-settings.

const SEWER = "kloakplanen";
const patch = (token: string, body: unknown, site = SEWER) => as(token, settings.PATCH, { method: "PATCH", body, site });
const read = async (token: string) => (await as(token, settings.GET, { site: SEWER })).json;

const rainGreen = { colour: "#00aa00", dashPattern: "long" };
const foulBlack = { colour: "#000000", dashPattern: "long-short" };

describe("PATCH /user-settings pipeWaterKinds", () => {
  it("answers {} until a look is set (the client then uses the defaults)", async () => {
    const user = await createUser({ site: SEWER });
    expect((await read(user.token)).pipeWaterKinds).toEqual({});
    expect(pipeWaterKindLook({}, "regnvand")).toEqual(PIPE_WATER_KIND_DEFAULTS.regnvand);
    expect(pipeWaterKindLook({ regnvand: { colour: "#00aa00", dashPattern: "long" } }, "regnvand")).toEqual(rainGreen);
  });

  it("replaces the look of each kind it names, keeps the others, gives a kind sent as null its default back, and keeps the other settings", async () => {
    const user = await createUser({ site: SEWER });
    await patch(user.token, { standardSignSize: 2, drawingStyles: { line: { width: 1 } } });
    expect((await patch(user.token, { pipeWaterKinds: { regnvand: rainGreen } })).json).toEqual({
      standardSignSize: 2,
      recentSigns: [],
      drawingStyles: { line: { width: 1 } },
      pipeWaterKinds: { regnvand: rainGreen },
    });
    expect((await patch(user.token, { pipeWaterKinds: { spildevand: foulBlack } })).json.pipeWaterKinds).toEqual({
      regnvand: rainGreen,
      spildevand: foulBlack,
    });
    const rainRed = { colour: "#f00", dashPattern: "solid" };
    expect((await patch(user.token, { pipeWaterKinds: { regnvand: rainRed } })).json.pipeWaterKinds).toEqual({
      regnvand: rainRed,
      spildevand: foulBlack,
    });
    expect((await patch(user.token, { pipeWaterKinds: { spildevand: null } })).json.pipeWaterKinds).toEqual({ regnvand: rainRed });
    // Other fields leave the looks alone, and the looks leave the drawing styles alone.
    expect((await patch(user.token, { standardSignSize: null, drawingStyles: { arrow: { width: 2 } } })).json.pipeWaterKinds).toEqual({
      regnvand: rainRed,
    });
    expect(await read(user.token)).toEqual({
      standardSignSize: null,
      recentSigns: [],
      drawingStyles: { line: { width: 1 }, arrow: { width: 2 } },
      pipeWaterKinds: { regnvand: rainRed },
    });
  });

  it("keeps both when two tabs change different kinds of water at the same time", async () => {
    const user = await createUser({ site: SEWER });
    await patch(user.token, { pipeWaterKinds: { faelles: foulBlack } });
    const answers = await Promise.all([
      patch(user.token, { pipeWaterKinds: { regnvand: rainGreen } }),
      patch(user.token, { pipeWaterKinds: { spildevand: foulBlack } }),
      patch(user.token, { pipeWaterKinds: { draen: rainGreen }, drawingStyles: { line: { width: 3 } } }),
      patch(user.token, { drawingStyles: { arrow: { width: 4 } } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const stored = await read(user.token);
    expect(stored.pipeWaterKinds).toEqual({ faelles: foulBlack, regnvand: rainGreen, spildevand: foulBlack, draen: rainGreen });
    expect(stored.drawingStyles).toEqual({ line: { width: 3 }, arrow: { width: 4 } });
  });

  it("keeps every kind when each is changed many times at once", async () => {
    const user = await createUser({ site: SEWER });
    const kinds = ["spildevand", "regnvand", "faelles", "draen"] as const;
    const answers = await Promise.all(
      [...kinds, ...kinds, ...kinds].map((kind) => patch(user.token, { pipeWaterKinds: { [kind]: rainGreen } })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(Object.keys((await read(user.token)).pipeWaterKinds).sort()).toEqual([...kinds].sort());
  });

  const invalid: [string, unknown, keyof typeof da.validation][] = [
    ["an unknown kind of water", { kloakvand: rainGreen }, "pipeWaterKindsInvalid"],
    ["looks that are no object", "blue", "pipeWaterKindsInvalid"],
    ["a look that is no object", { regnvand: "#0000ff" }, "pipeWaterKindsInvalid"],
    ["a look with an unknown field", { regnvand: { ...rainGreen, width: 110 } }, "pipeWaterKindsInvalid"],
    ["a look without a dash pattern", { regnvand: { colour: "#0000ff" } }, "pipeDashPattern"],
    ["an unknown dash pattern", { regnvand: { colour: "#0000ff", dashPattern: "dotted" } }, "pipeDashPattern"],
    ["a look without a colour", { regnvand: { dashPattern: "solid" } }, "pipeColour"],
    ["a colour by name", { regnvand: { colour: "blue", dashPattern: "solid" } }, "pipeColour"],
  ];
  for (const [what, pipeWaterKinds, key] of invalid) {
    it(`refuses ${what} in Danish and Swedish, and changes nothing`, async () => {
      const user = await createUser({ site: SEWER });
      await patch(user.token, { pipeWaterKinds: { faelles: foulBlack } });
      expect(await patch(user.token, { pipeWaterKinds })).toMatchObject({ status: 400, json: { message: da.validation[key] } });
      expect(await patch(user.token, { pipeWaterKinds }, "ta-planen")).toMatchObject({
        status: 400,
        json: { message: sv.validation[key] },
      });
      expect((await read(user.token)).pipeWaterKinds).toEqual({ faelles: foulBlack });
    });
  }

  it("answers 401 without a token", async () => {
    expect(
      (await as(null, settings.PATCH, { method: "PATCH", body: { pipeWaterKinds: { regnvand: rainGreen } }, site: SEWER })).status,
    ).toBe(401);
  });
});
