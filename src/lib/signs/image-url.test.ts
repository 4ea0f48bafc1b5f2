import { describe, expect, it } from "vitest";
import { INVALID_IMAGE_URL, signIdFromImageUrl } from "./image-url";

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
