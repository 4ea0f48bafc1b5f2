/**
 * Every upload route checks the user and their right to the target before it reads the body (issue 28,
 * item 3: four 140 MB exports to a plan that does not exist were read whole before their 404, +540 MB).
 * Each body here is 32 MB, made as the server pulls it: a refused one must be answered without being read
 * (a few kilobytes pulled at most) and without the process's buffers growing by anything like its size.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as artwork from "@/app/api/admin/sign-artwork/[signId]/route";
import * as planExports from "@/app/api/exports/signplan/[id]/route";
import * as organisationSigns from "@/app/api/organisation-signs/route";
import * as projects from "@/app/api/project/route";
import * as background from "@/app/api/signplan/[id]/background/route";
import * as signplans from "@/app/api/signplan/route";
import * as uploadLogo from "@/app/api/users/upload-logo/route";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";
import { png, uploadAs } from "../signs/support";
import { JPG_SETTINGS, peakBufferGrowth, sendUpload, streamedUpload } from "./support";

const BODY = 32 * 1024 * 1024;
/** What a refused body may have had pulled: the stream's first chunk or two, never its file. */
const UNREAD = 256 * 1024;

let owner = "";
let stranger = "";
let member = "";
let planId = 0;
let planWithBackground = 0;

async function newPlan(token: string): Promise<number> {
  const project = (await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } })).json.id;
  return (await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project } })).json.id as number;
}

beforeAll(async () => {
  const o = await createUser();
  const m = await createUser();
  await createOrganisation(o.id, [m.id]);
  owner = o.token;
  member = m.token;
  stranger = (await createUser()).token;
  planId = await newPlan(owner);
  planWithBackground = await newPlan(owner);
  const first = await uploadAs(owner, background.POST, {
    params: { id: String(planWithBackground) },
    file: { bytes: await png(), name: "kort.png" },
  });
  expect(first.status).toBe(200);
});

const exportFields = { settings: JSON.stringify(JPG_SETTINGS) };

describe("a body nobody may send is answered without being read", () => {
  const cases: {
    what: string;
    send: (body: ReturnType<typeof streamedUpload>) => ReturnType<typeof sendUpload>;
    status: number;
    message: string;
  }[] = [
    {
      what: "an export to a plan that does not exist",
      send: (body) => sendUpload(owner, planExports.POST, body, { params: { id: "2000000000" } }),
      status: 404,
      message: "Planen findes ikke.",
    },
    {
      what: "an export to another user's plan",
      send: (body) => sendUpload(stranger, planExports.POST, body, { params: { id: String(planId) } }),
      status: 404,
      message: "Planen findes ikke.",
    },
    {
      what: "an export without a token",
      send: (body) => sendUpload(null, planExports.POST, body, { params: { id: String(planId) } }),
      status: 401,
      message: "Du er ikke logget ind.",
    },
    {
      what: "a background to another user's plan",
      send: (body) => sendUpload(stranger, background.POST, body, { params: { id: String(planId) } }),
      status: 404,
      message: "Planen findes ikke.",
    },
    {
      what: "a background to a plan that has one",
      send: (body) => sendUpload(owner, background.POST, body, { params: { id: String(planWithBackground) } }),
      status: 409,
      message: "Planen har allerede et baggrundsbillede, og det kan ikke ændres.",
    },
    {
      what: "an organisation sign from a member who may not manage the gallery",
      send: (body) => sendUpload(member, organisationSigns.POST, body),
      status: 403,
      message: "Kun organisationens ejer og administratorer kan tilføje og slette organisationens skilte.",
    },
    {
      what: "sign artwork from a user who is no admin (the admin guard's 404)",
      send: (body) => sendUpload(owner, artwork.PUT, body, { method: "PUT", params: { signId: "A11" } }),
      status: 404,
      message: "Findes ikke.",
    },
    {
      what: "a company logo from a member who may not change it",
      send: (body) => sendUpload(member, uploadLogo.POST, body),
      status: 403,
      message: "Kun organisationens ejer og administratorer kan ændre firmalogoet.",
    },
  ];

  for (const { what, send, status, message } of cases)
    it(`${what}: ${status}`, async () => {
      const body = streamedUpload({ size: BODY, fields: exportFields, name: "x.jpg" });
      const { result: res, growth } = await peakBufferGrowth(() => send(body));
      expect(res.status).toBe(status);
      expect(res.json.message).toBe(message);
      expect(body.pulled()).toBeLessThan(UNREAD);
      expect(growth).toBeLessThan(BODY / 4);
    });
});
