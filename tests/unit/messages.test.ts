import { describe, expect, it } from "vitest";
import da from "../../messages/da.json";
import sv from "../../messages/sv.json";
import kloakplanen from "../../messages/site-kloakplanen.json";
import { messageLeaves as leaves, type MessageTree as Tree } from "../support/message-leaves";
import { getSiteMessages } from "@/i18n/messages";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "@/lib/schemas/admin";
import { ROUTES } from "@/sites/routes";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("messages", () => {
  const daLeaves = leaves(da as Tree);
  const svLeaves = leaves(sv as Tree);

  it("Swedish has exactly the Danish keys", () => {
    expect([...svLeaves.keys()].sort()).toEqual([...daLeaves.keys()].sort());
  });

  it("uses the same placeholders in both languages", () => {
    for (const [key, text] of daLeaves) {
      expect(placeholders(svLeaves.get(key) ?? ""), key).toEqual(placeholders(text));
    }
  });

  it("has no empty text", () => {
    for (const [key, text] of [...daLeaves, ...svLeaves]) expect(text.trim(), key).not.toBe("");
  });

  it("gives every route a title and a description", () => {
    for (const route of Object.keys(ROUTES)) {
      expect(daLeaves.get(`routes.${route}.title`), route).toBeTruthy();
      expect(daLeaves.get(`routes.${route}.description`), route).toBeTruthy();
    }
  });

  it("names every staff action and record type the audit log can hold, in both languages", () => {
    for (const leavesOf of [daLeaves, svLeaves]) {
      for (const action of AUDIT_ACTIONS) expect(leavesOf.get(`admin.audit.actions.${action}`), action).toBeTruthy();
      for (const type of AUDIT_TARGET_TYPES) expect(leavesOf.get(`admin.audit.targetTypes.${type}`), type).toBeTruthy();
    }
  });

  it("site overrides only replace texts that exist", () => {
    for (const [key, text] of leaves(kloakplanen as Tree)) {
      expect(daLeaves.has(key), key).toBe(true);
      expect(placeholders(text), key).toEqual(placeholders(daLeaves.get(key)!));
    }
  });

  it("overlays the site's texts on its language", () => {
    expect(getSiteMessages("kloakplanen").home.heading).toBe(kloakplanen.home.heading);
    expect(getSiteMessages("kloakplanen").header.login).toBe(da.header.login);
    expect(getSiteMessages("skilteplanen").home.heading).toBe(da.home.heading);
    expect(getSiteMessages("ta-planen").header.login).toBe(sv.header.login);
  });
});
