/**
 * Every text of the Swedish site (TA-planen) is Swedish: its catalogue (messages/sv.json with any
 * overlay of the site) and the e-mails it sends. Sign names are checked with the Swedish catalogue.
 */
import { describe, expect, it } from "vitest";
import da from "../../messages/da.json";
import sv from "../../messages/sv.json";
import { danishIn } from "../support/danish-text";
import { messageLeaves as leaves, type MessageTree as Tree } from "../support/message-leaves";
import { getSiteMessages } from "@/i18n/messages";
import { existingAccountMail, feedbackMail, invitationMail, passwordResetMail, verifyEmailMail } from "@/server/mail/templates";
import { SITES, type SiteId } from "@/sites/registry";

/**
 * Swedish texts that are rightly the same as the Danish ones, each with why. A text without letters
 * outside its placeholders (numbers, units, "{paper} 1:{scale}") needs no entry.
 */
const SAME_IN_BOTH: Record<string, string> = {
  Feedback: "the loanword Swedish sites use for the feedback button",
  Konto: "the same word in both languages",
  Funktioner: "the same word in both languages",
  Priser: "the same word in both languages",
  Kontakt: "the same word in both languages",
  Guide: "the same word in both languages",
  App: "the same word in both languages",
  Admin: "the same word in both languages",
  Administration: "the same word in both languages",
  Kunder: "the same word in both languages",
  Kategori: "the same word in both languages",
  "{height, number} × {width, number} m": "a sign's size in metres, written alike in both languages",
  Arkiv: "the same word in both languages",
  Standardplaner: "Swedish plural of plan is planer, as the Danish",
  Planer: "Swedish plural of plan is planer, as the Danish",
  Organisation: "the same word in both languages",
  Projekt: "the same word in both languages",
  "Ny plan": "the same words in both languages",
  Standardprojekt: "the same word in both languages",
  Redigering: "the same word in both languages",
  eller: "'or' is eller in both languages",
  Linje: "Swedish spells the drawing kind linje, as the Danish",
  Pil: "the same word in both languages",
  Ledning: "the same word in both languages (a pipe)",
  Aktiv: "the same word in both languages (the active phase)",
  Inaktiv: "the same word in both languages (the inactive phase)",
  Faser: "Swedish plural of fas is faser, as the Danish of fase",
  Mur: "the same word in both languages",
  Figur: "the same word in both languages",
  Punkt: "the same word in both languages",
  Normal: "the same word in both languages",
  Under: "the same word in both languages",
  Antal: "the same word in both languages",
  Ingen: "the same word in both languages",
  Stående: "portrait paper is stående in both languages",
  Koordinater: "the same word in both languages",
  Format: "the same word in both languages",
  PDF: "a file format",
  JPG: "a file format",
  "PDF/A-2b": "a file format (the archive PDF)",
  N: "the north arrow's letter",
  Telefon: "the same word in both languages",
  Plannummer: "the same word in both languages",
  Kommentar: "the same word in both languages",
  Kategorier: "the same word in both languages",
  OpenStreetMap: "the name of the map service",
  "Lantmäteriet topografisk": "a Swedish map layer, named in Swedish on the Danish sites too",
  "Rita TA-planer för vägarbeten direkt på kartan.": "the Swedish site's own promotion, in Swedish on every site",
  "Hej {name},": "the greeting is the same in both languages",
  "Planer i {project}": "the same words in both languages",
  "Projekt: {project}": "the same word in both languages",
  "Ny plan i {project}": "the same words in both languages",
  "Konto | {product}": "the same word in both languages",
  "App | {product}": "the same word in both languages",
  "Funktioner | {product}": "the same word in both languages",
  "Priser | {product}": "the same word in both languages",
  "Kontakt | {product}": "the same word in both languages",
  "Admin | {product}": "the same word in both languages",
  "Arkiv | {product}": "the same word in both languages",
  "Projektarkivet i {product}.": "the same words in both languages",
  "Dimension (mm)": "the same word in both languages",
  "Dim. (mm)": "the same abbreviation in both languages",
  "{width} m bred": "bred (wide) is the same in both languages",
  "{name} (min version)": "the same words in both languages",
  "Fil: {file}": "the same word in both languages",
  "Koordinater ({grid})": "the same word in both languages",
  "D Påbud": "påbud is the Swedish word too (påbudsmärken); the sign categories are the catalogue's",
  "M Service": "the same word in both languages; the sign categories are the catalogue's",
  "CVR-nummer": "the Danish register's own name, shown in Swedish only for a Danish company",
  Organisationsnummer: "the Swedish register's own name, the same word in both languages",
  Medlem: "the same word in both languages",
  Faktura: "the same word in both languages",
  "Moms {rate} %": "the same words in both languages",
  "IBAN {iban}": "the international account number's own name",
  "BIC {bic}": "the international bank code's own name",
  // The invoices tab of /organisation (issue 31).
  Postnummer: "the same word in both languages",
  Land: "the same word in both languages",
  "UBL (e-faktura)": "the format's name and faktura, the same in both languages",
  // The bookkeeper's CSV and the credit note (issue 32).
  Nummer: "the same word in both languages",
  Valuta: "the same word in both languages (currency)",
  Moms: "VAT is moms in both languages",
  Status: "the same word in both languages",
  Kreditering: "the same word in both languages (crediting)",
  // The project archive (issue 35).
  "Versioner ({count})": "the same word in both languages",
  "Version {version}": "the same word in both languages (a plan's version in its history)",
  Dokumentarkiv: "the same word in both languages",
  Plan: "the same word in both languages",
  Fil: "the same word in both languages",
};

const hasWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/\{\w+\}/g, "").replace(/\b(m|mm|dpi|MB)\b/g, ""));

describe("the Swedish site's texts", () => {
  const daLeaves = leaves(da as Tree);
  const svLeaves = leaves(getSiteMessages("ta-planen") as unknown as Tree);

  it("has every Danish text in Swedish", () => {
    expect([...leaves(sv as Tree).keys()].sort()).toEqual([...daLeaves.keys()].sort());
    expect([...svLeaves.keys()].sort()).toEqual([...daLeaves.keys()].sort());
  });

  it("has no Danish letters or words", () => {
    const danish = [...svLeaves].flatMap(([key, text]) => danishIn(text).map((what) => `${key}: ${what}`));
    expect(danish).toEqual([]);
  });

  it("has no text left as the Danish one, but for the reviewed words both languages share", () => {
    const same = [...svLeaves]
      .filter(([key, text]) => text === daLeaves.get(key) && hasWords(text) && !(text in SAME_IN_BOTH))
      .map(([key, text]) => `${key}: ${text}`);
    expect(same).toEqual([]);
  });

  it("uses each reviewed shared word somewhere (the list holds nothing stale)", () => {
    const shared = new Set([...svLeaves].filter(([key, text]) => text === daLeaves.get(key)).map(([, text]) => text));
    expect(Object.keys(SAME_IN_BOTH).filter((text) => !shared.has(text))).toEqual([]);
  });
});

describe("the Swedish site's e-mails", () => {
  const link = "https://ta-planen.se/x?token=abc";
  const mails = (site: SiteId) => ({
    verifyEmail: verifyEmailMail(site, { name: "Anna", link }),
    passwordReset: passwordResetMail(site, { name: "Anna", link }),
    existingAccount: existingAccountMail(site, { name: "Anna", email: "anna@example.se", link }),
    existingAccountSister: existingAccountMail(site, {
      name: "Anna",
      email: "anna@example.se",
      link,
      sisterProduct: SITES.skilteplanen.productName,
    }),
    feedbackAnonymous: feedbackMail(site, { message: "Hej", name: "", email: "", page: "", userId: null }),
    feedback: feedbackMail(site, { message: "Hej", name: "Anna", email: "anna@example.se", page: "/app", userId: 7 }),
    invitation: invitationMail(site, { inviter: "Anna", organisation: "Vägarbeten AB", link, expiresAt: "2030-01-15T10:00:00.000Z" }),
    invitationNoInviter: invitationMail(site, { inviter: "", organisation: "Vägarbeten AB", link, expiresAt: "2030-01-15T10:00:00.000Z" }),
  });
  const swedish = mails("ta-planen");
  const danish = mails("skilteplanen");

  for (const [name, mail] of Object.entries(swedish)) {
    it(`${name}: Swedish subject and body, none of it the Danish mail's`, () => {
      const danishMail = danish[name as keyof typeof danish];
      expect(mail.html).toContain('<html lang="sv">');
      expect([mail.subject, mail.text, mail.html].flatMap(danishIn)).toEqual([]);
      expect(mail.subject).not.toBe(danishMail.subject);
      // Paragraph by paragraph, so one Danish paragraph among Swedish ones is found too.
      const danishParagraphs = new Set(danishMail.text.split("\n\n").map((p) => p.replace(/Skilteplanen/g, "TA-planen")));
      const shared = mail.text
        .split("\n\n")
        .filter(
          (p) =>
            danishParagraphs.has(p) && hasWords(p.replace(/Anna|https?:\S+|anna@\S+|Hej|TA-planen|Vägarbeten AB|-- |\/app|\b7\b/g, "")),
        );
      expect(shared).toEqual([]);
    });
  }
});
