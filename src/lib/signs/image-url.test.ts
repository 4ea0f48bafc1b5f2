import { describe, expect, it } from "vitest";
import { INVALID_IMAGE_URL, isOwnSignImageUrl, signIdFromImageUrl } from "./image-url";

describe("signIdFromImageUrl", () => {
  it("takes the last path segment without its extension, query or fragment", () => {
    expect(signIdFromImageUrl("/signs/dk/A/A11.webp")).toBe("A11");
    expect(signIdFromImageUrl("/signs/dk/U/U3.1.svg?v=2#x")).toBe("U3.1");
    expect(signIdFromImageUrl("https://files.example/personal_42")).toBe("personal_42");
  });

  it("throws the specification's message when the last segment is empty", () => {
    expect(() => signIdFromImageUrl("/signs/dk/A/")).toThrow(INVALID_IMAGE_URL);
    expect(() => signIdFromImageUrl("")).toThrow(INVALID_IMAGE_URL);
  });
});

describe("isOwnSignImageUrl", () => {
  it("takes the URLs the app hands out: catalogue pictures of every catalogue and uploaded signs", () => {
    for (const url of [
      "/signs/dk/A/A11.webp",
      "/signs/dk/U/U3.1.svg",
      "/signs/dk/temporary/A11-temp.webp",
      "/signs/se/A/se-A1.webp",
      "/signs/sewer/LAR/regnbed.webp",
      "/signs/sewer/bronde_og_udskillere/rb.svg",
      "/api/sign-images/0123456789abcdef0123456789abcdef/personal_3.webp",
      "/api/sign-images/0123456789abcdef0123456789abcdef/organisation_12.webp",
      "/api/sign-images/0123456789abcdef0123456789abcdef/C11.1.svg",
    ])
      expect(isOwnSignImageUrl(url), url).toBe(true);
  });

  it("refuses other hosts, other paths and anything a browser would resolve elsewhere", () => {
    for (const url of [
      "https://example.com/signs/dk/A/A11.webp",
      "//example.com/signs/dk/A/A11.webp",
      "https://skilteplanen.dk/signs/dk/A/A11.webp",
      "javascript:alert(1)",
      "/signs/%2e%2e/api/account.webp",
      "/signs/%2E%2E/%2e%2e/api/x.svg",
      "/signs/dk/%2e%2e/A11.webp",
      "/signs/dk/A/%2e%2e.webp",
      "/signs/dk/A/..%2fA11.webp",
      "/signs/dk/../A/A11.webp",
      "/signs/dk/./A/A11.webp",
      "/signs/dk/A/../../api/x.webp",
      "/signs/dk\\A\\A11.webp",
      "/signs/dk/A/A11.webp?x=1",
      "/signs/dk/A/A11.webp#x",
      "/signs/dk/A/A11.png",
      "/signs/xx/A/A11.webp",
      "/signs/A11.webp",
      "/signs/dk/A/",
      "/signs/dk/A/ A11.webp",
      "/api/sign-images/0123456789abcdef0123456789abcdef/%2e%2e.webp",
      "/api/sign-images/0123456789abcdef0123456789abcdef/../../project/1",
      "/api/sign-images/not-a-key/personal_3.webp",
      "/api/project/1",
      "",
    ])
      expect(isOwnSignImageUrl(url), url).toBe(false);
  });
});
