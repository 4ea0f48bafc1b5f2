import { describe, expect, it } from "vitest";
import { checkParameterValue } from "./sign-parameter";

describe("checkParameterValue", () => {
  it("takes speeds from 5 to 130 km/h in steps of 5", () => {
    expect(checkParameterValue("speed", " 80 ")).toEqual({ ok: true, value: "80" });
    expect(checkParameterValue("speed", "15")).toEqual({ ok: true, value: "15" });
    expect(checkParameterValue("speed", "130")).toEqual({ ok: true, value: "130" });
    for (const bad of ["", "0", "82", "135", "8,5", "abc", "-50"])
      expect(checkParameterValue("speed", bad)).toEqual({ ok: false, error: "speed" });
  });

  it("takes tonnes and metres with a decimal comma or dot and shows a comma", () => {
    expect(checkParameterValue("weight", "3.5")).toEqual({ ok: true, value: "3,5" });
    expect(checkParameterValue("axleWeight", "10")).toEqual({ ok: true, value: "10" });
    expect(checkParameterValue("height", "3,25")).toEqual({ ok: true, value: "3,3" });
    expect(checkParameterValue("width", "2,2")).toEqual({ ok: true, value: "2,2" });
    expect(checkParameterValue("height", "12")).toEqual({ ok: false, error: "height" });
    expect(checkParameterValue("weight", "0")).toEqual({ ok: false, error: "weight" });
  });

  it("takes short distance and length texts that name a number", () => {
    expect(checkParameterValue("distance", "200  m")).toEqual({ ok: true, value: "200 m" });
    expect(checkParameterValue("length", "1,5 km")).toEqual({ ok: true, value: "1,5 km" });
    expect(checkParameterValue("distance", "langt")).toEqual({ ok: false, error: "distance" });
    expect(checkParameterValue("distance", "12345678901234567 m")).toEqual({ ok: false, error: "distance" });
  });

  it("takes any non-empty text up to 60 characters", () => {
    expect(checkParameterValue("text", " Odense ")).toEqual({ ok: true, value: "Odense" });
    expect(checkParameterValue("text", "   ")).toEqual({ ok: false, error: "text" });
    expect(checkParameterValue("text", "x".repeat(61))).toEqual({ ok: false, error: "text" });
  });
});
