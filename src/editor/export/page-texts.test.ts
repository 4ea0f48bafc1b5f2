import { describe, expect, it } from "vitest";
import { inventoryTexts, pageTexts } from "./page-texts";
import { exportLanguage } from "../../../tests/support/export-language";
import type { PlanInfo } from "@/lib/elements/plan-info";

const info = {
  periodFrom: "2026-03-02",
  periodTo: "2026-03-20",
  planNumber: "P-17",
  responsiblePerson: "Jens Hansen",
  responsiblePhone: "12 34 56 78",
  contractor: "Vejfirma A/S",
  client: "Odense Kommune",
  phase: "inactive" as const,
};

describe("a map page's texts", () => {
  it("writes the plan information's rows in the site's language, the page's phase before the plan's", () => {
    const texts = pageTexts(info, "active", "Skilteplanen", exportLanguage("da"));
    expect(texts.rows).toEqual([
      { label: "Fase", value: "Aktiv fase (arbejdstid)" },
      { label: "Periode", value: "2.3.2026 – 20.3.2026" },
      { label: "Plannr.", value: "P-17" },
      { label: "Ansvarlig", value: "Jens Hansen, tlf. 12 34 56 78" },
      { label: "Entreprenør", value: "Vejfirma A/S" },
      { label: "Bygherre", value: "Odense Kommune" },
    ]);
    expect(pageTexts(info, null, "Skilteplanen", exportLanguage("da")).rows[0]!.value).toBe("Inaktiv fase (nat og weekend)");
    expect(pageTexts({}, null, "Skilteplanen", exportLanguage("da")).rows.map((row) => row.value)).toEqual(["", "", "", "", "", ""]);
  });

  it("prints the user's organisation with its CVR as the contractor when the plan information names none", () => {
    const organisation = { name: "Skilte & Co ApS", cvr_number: "24256790" };
    const contractor = (planInfo: PlanInfo, language: "da" | "sv") =>
      pageTexts(planInfo, null, "Skilteplanen", exportLanguage(language), organisation).rows.find((row) =>
        row.label.startsWith("Entrepren"),
      )!;
    expect(contractor({}, "da")).toEqual({ label: "Entreprenør", value: "Skilte & Co ApS, CVR-nr. 24256790" });
    expect(contractor({ contractor: "  " }, "da").value).toBe("Skilte & Co ApS, CVR-nr. 24256790");
    // What the user typed wins.
    expect(contractor(info, "da").value).toBe("Vejfirma A/S");
    // Ta-planen's organisationsnummer, in Swedish.
    const sv = pageTexts({}, null, "TA-planen", exportLanguage("sv"), { name: "Vägbolaget AB", cvr_number: "5560160680" });
    expect(sv.rows.find((row) => row.label === "Entreprenör")?.value).toBe("Vägbolaget AB, org.nr 5560160680");
  });

  it("has the legend's, the scale's and the pipe table's words, numbers and plurals", () => {
    const da = pageTexts({}, null, "Kloakplanen", exportLanguage("da"));
    expect([da.legend, da.footer, da.legendMore(2), da.decimal(2.5), da.pipes.metres(12.44), da.pipes.title]).toEqual([
      "Signaturforklaring",
      "Udarbejdet med Kloakplanen",
      "2 skilte mere – se skilteoversigten",
      "2,5",
      "12,4 m",
      "Rørspecifikationer",
    ]);
    const sv = pageTexts({}, null, "TA-planen", exportLanguage("sv"));
    expect(sv.legend).toBe("Teckenförklaring");
  });
});

describe("the inventory pages' texts", () => {
  it("name the plan, the product and the day, and count pages", () => {
    const texts = inventoryTexts("Vejarbejde", "Skilteplanen", "3.2.2026", exportLanguage("da"));
    expect([texts.title, texts.subtitle, texts.columns.count, texts.pageOf(1, 2)]).toEqual([
      "Skilteoversigt",
      "Skilteplanen · 3.2.2026",
      "Antal",
      "Side 1 af 2",
    ]);
  });
});
