/** Names in the archive: a typed name is refused with a message when unsafe; an uploaded file's is made safe and otherwise kept. */
import { describe, expect, it } from "vitest";
import { safeUploadName } from "@/server/archive/names";
import { createUser } from "../../support/users";
import { bytes, createFolder, newProject, renameItem, uploadFile } from "./support";

describe("a typed folder or file name", () => {
  const refused: [string, string, string][] = [
    ["blank", "   ", "Skriv et navn."],
    ["a slash", "Fotos/2024", "Navnet må ikke indeholde / eller \\."],
    ["a backslash", "Fotos\\2024", "Navnet må ikke indeholde / eller \\."],
    ["a line break", "Fotos\n2024", "Navnet må ikke indeholde kontroltegn, fx linjeskift eller tabulatorer."],
    ["a tab", "Fotos\t2024", "Navnet må ikke indeholde kontroltegn, fx linjeskift eller tabulatorer."],
    ["a NUL", "Fotos\u00002024", "Navnet må ikke indeholde kontroltegn, fx linjeskift eller tabulatorer."],
    ["a C1 control", "Fotos\u00852024", "Navnet må ikke indeholde kontroltegn, fx linjeskift eller tabulatorer."],
    ["a right-to-left override", "Plan\u202Efdp.exe", "Navnet må ikke indeholde usynlige tegn, der vender tekstens retning."],
    ["an isolate", "\u2067Algade\u2069", "Navnet må ikke indeholde usynlige tegn, der vender tekstens retning."],
    [".", ".", "Navnet kan ikke være . eller .."],
    ["..", "..", "Navnet kan ikke være . eller .."],
    ["CON", "CON", "Navnet er reserveret af Windows (fx CON, PRN, AUX, NUL, COM1 eller LPT1). Vælg et andet navn."],
    ["nul.txt", "nul.txt", "Navnet er reserveret af Windows (fx CON, PRN, AUX, NUL, COM1 eller LPT1). Vælg et andet navn."],
    ["Com1", "Com1", "Navnet er reserveret af Windows (fx CON, PRN, AUX, NUL, COM1 eller LPT1). Vælg et andet navn."],
    ["LPT9.tar.gz", "LPT9.tar.gz", "Navnet er reserveret af Windows (fx CON, PRN, AUX, NUL, COM1 eller LPT1). Vælg et andet navn."],
    ["prn", "prn", "Navnet er reserveret af Windows (fx CON, PRN, AUX, NUL, COM1 eller LPT1). Vælg et andet navn."],
    ["aux", "aux", "Navnet er reserveret af Windows (fx CON, PRN, AUX, NUL, COM1 eller LPT1). Vælg et andet navn."],
    ["a trailing dot", "Tegninger.", "Navnet må ikke slutte med et punktum."],
    ["256 characters", "å".repeat(256), "Navnet er for langt. Det må højst have 255 tegn."],
  ];

  it.each(refused)("is refused with a 400 and a message: %s", async (_what, name, message) => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const created = await createFolder(user.token, projectId, name);
    expect(created.status).toBe(400);
    expect(created.json.message).toBe(message);
    const file = await uploadFile(user.token, projectId, { bytes: bytes("x"), name: "ok.txt" });
    const renamed = await renameItem(user.token, { id: file.json.id, type: "file", name });
    expect(renamed.status).toBe(400);
    expect(renamed.json.message).toBe(message);
  });

  it("is refused in Swedish on TA-planen", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    expect((await createFolder(user.token, projectId, "a/b", null, "ta-planen")).json.message).toBe(
      "Namnet får inte innehålla / eller \\.",
    );
    expect((await createFolder(user.token, projectId, "", null, "ta-planen")).json.message).toBe("Skriv ett namn.");
  });

  it("keeps letters of any language, spaces, case and inner dots, trimmed; 255 characters are fine", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    for (const name of [
      "Tilladelser 2024",
      "Ærø – Søndergade",
      "Trafikanordning Göteborg",
      "Łódź",
      "خطة",
      "計画",
      "v1.2 final",
      "CONSOLE",
      "..foo",
      "å".repeat(255),
    ]) {
      const created = await createFolder(user.token, projectId, `  ${name} `);
      expect(created.status, name).toBe(201);
      expect(created.json.name).toBe(name);
    }
  });
});

describe("an uploaded file's name", () => {
  it("is made safe instead of refused, and otherwise kept as the file was named", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const kept = await uploadFile(user.token, projectId, { bytes: bytes("x"), name: "Tilladelse – Ærøgade 3. etape (endelig).PDF" });
    expect(kept.json.name).toBe("Tilladelse – Ærøgade 3. etape (endelig).PDF");
    const swedish = await uploadFile(user.token, projectId, { bytes: bytes("x"), name: "Trafikanordningsplan Åby.docx" });
    expect(swedish.json.name).toBe("Trafikanordningsplan Åby.docx");
  });

  it("loses separators, control and bidirectional characters, trailing dots and blanks, and a device name", () => {
    expect(safeUploadName("a/b\\c.txt")).toBe("a_b_c.txt");
    expect(safeUploadName('a:b*c?d"e<f>g|h.txt')).toBe("a_b_c_d_e_f_g_h.txt");
    expect(safeUploadName("Plan\u202Efdp.exe")).toBe("Planfdp.exe");
    expect(safeUploadName("line\nbreak.txt")).toBe("line_break.txt");
    expect(safeUploadName("  spaced.txt . ")).toBe("spaced.txt");
    expect(safeUploadName("..")).toBe("file");
    expect(safeUploadName("")).toBe("file");
    expect(safeUploadName("CON.txt")).toBe("_CON.txt");
    expect(safeUploadName("nul")).toBe("_nul");
    const long = safeUploadName(`${"ø".repeat(300)}.pdf`);
    expect([...long]).toHaveLength(255);
    expect(long.endsWith("ø.pdf")).toBe(true);
    // NFD (as macOS names files) becomes NFC: one name whichever way the letters were composed.
    expect(safeUploadName("A\u030Arhus.pdf")).toBe("Århus.pdf");
  });
});
