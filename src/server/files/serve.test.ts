import { describe, expect, it } from "vitest";
import { safeFileStem, userFileResponse } from "./serve";

describe("userFileResponse", () => {
  it("serves a known type inline under a safe name, with nosniff and a sandboxing CSP", () => {
    const res = userFileResponse(
      { data: new Uint8Array([1]), contentType: "application/pdf" },
      { stem: 'a"; b/../c', cacheControl: "no-store" },
    );
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": 'inline; filename="a___b____c.pdf"',
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      "cache-control": "no-store",
    });
  });

  it("serves any other stored type as an opaque download", () => {
    const res = userFileResponse({ data: new Uint8Array([1]), contentType: "text/html" }, { stem: "x", cacheControl: "no-store" });
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="x.bin"');
  });

  it("serves an attachment under the user's own name, in ASCII and in UTF-8 (RFC 6266)", () => {
    const res = userFileResponse(
      { data: new Uint8Array([1]), contentType: "application/pdf" },
      { stem: "Plan Ærøgade (fase 1)", cacheControl: "no-store", attachment: true },
    );
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      "attachment; filename=\"Plan__r_gade__fase_1_.pdf\"; filename*=UTF-8''Plan%20%C3%86r%C3%B8gade%20%28fase%201%29.pdf",
    );
  });

  it("keeps path separators, quotes and control characters out of a saved name", () => {
    expect(safeFileStem(' ../a"b\\c:d\u0007e ')).toBe(".._a_b_c_d_e");
    expect(safeFileStem("Skilteplan – Vestergade")).toBe("Skilteplan – Vestergade");
    expect(safeFileStem("a\u0085b\u009bc")).toBe("a_b_c");
  });

  it("drops the bidirectional controls that would make a name read as another (a right-to-left override)", () => {
    expect(safeFileStem("Plan\u202Efdp.exe")).toBe("Planfdp.exe");
    expect(safeFileStem("\u2067Algade\u2069 \u200Fetape\u200E 2\u202A\u202B\u202C\u202D\u2066\u2068\u061C")).toBe("Algade etape 2");
    // Arabic or Hebrew letters themselves stay.
    expect(safeFileStem("خطة")).toBe("خطة");
    const res = userFileResponse(
      { data: new Uint8Array([1]), contentType: "application/pdf" },
      { stem: "Faktura\u202Efdp.exe", cacheControl: "no-store", attachment: true },
    );
    expect(res.headers.get("content-disposition")).toBe(
      "attachment; filename=\"Faktura_fdp_exe.pdf\"; filename*=UTF-8''Fakturafdp.exe.pdf",
    );
  });
});
