import { describe, expect, it } from "vitest";
import { checkSignFile, signNameOfFile } from "./personal-sign-file";
import { MAX_SIGN_UPLOAD_BYTES } from "@/lib/schemas/signs";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (bytes: number[] | Uint8Array, name = "skilt.png", type = "image/png") => new File([new Uint8Array(bytes)], name, { type });

describe("checkSignFile", () => {
  it("takes PNG, JPG and WEBP by their first bytes, whatever the name says", async () => {
    expect(await checkSignFile(file([...PNG_SIGNATURE, 0, 0, 0, 13], "skilt.bin", ""))).toBeNull();
    expect(await checkSignFile(file([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "foto.jpg", "image/jpeg"))).toBeNull();
    const webp = new TextEncoder().encode("RIFF\u0024\0\0\0WEBPVP8 ");
    expect(await checkSignFile(file(webp, "skilt.webp", "image/webp"))).toBeNull();
  });

  it("refuses text renamed .png, a GIF and an SVG as the wrong type", async () => {
    expect(await checkSignFile(file([...new TextEncoder().encode("ikke et billede")]))).toBe("invalidType");
    expect(await checkSignFile(file([...new TextEncoder().encode("GIF89a\u0001\0\u0001\0")], "a.gif", "image/gif"))).toBe("invalidType");
    expect(await checkSignFile(file([...new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")], "a.svg"))).toBe(
      "invalidType",
    );
  });

  it("an empty file cannot be read; one above the server's limit is too large", async () => {
    expect(await checkSignFile(file([]))).toBe("readError");
    const big = new Uint8Array(MAX_SIGN_UPLOAD_BYTES + 1);
    big.set(PNG_SIGNATURE);
    expect(await checkSignFile(file(big))).toBe("tooLarge");
    const limit = new Uint8Array(MAX_SIGN_UPLOAD_BYTES);
    limit.set(PNG_SIGNATURE);
    expect(await checkSignFile(file(limit))).toBeNull();
  });
});

describe("signNameOfFile", () => {
  it("drops the extension and turns underscores into spaces", () => {
    expect(signNameOfFile("Vejarbejde_Nørregade.png")).toBe("Vejarbejde Nørregade");
    expect(signNameOfFile("skilt.med.punktum.webp")).toBe("skilt.med.punktum");
    expect(signNameOfFile("uden-endelse")).toBe("uden-endelse");
  });
});
