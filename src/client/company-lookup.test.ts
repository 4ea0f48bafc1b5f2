import { beforeEach, describe, expect, it, vi } from "vitest";

const toastError = vi.fn();
vi.mock("react-toastify", () => ({ toast: { error: (...args: unknown[]) => toastError(...args) } }));

const { configureApiClient } = await import("./api");
const { lookUpCompany } = await import("./company-lookup");

const fetchMock = vi.fn<typeof fetch>();
const FALLBACK = "Der er ingen forbindelse til serveren. Udfyld navn og CVR-nummer selv.";
const COMPANY = { name: "Vejfirma ApS", cvr_number: "24256790", address: "Vejen 1", zipcode: "5000", city: "Odense C" };

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  toastError.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("window", {
    location: { pathname: "/organisation", search: "" },
    localStorage: { getItem: () => "the-token", setItem: () => {}, removeItem: () => {} },
    dispatchEvent: () => true,
  });
  configureApiClient({
    site: "skilteplanen",
    texts: {
      loggedOut: "Logget ud.",
      notInOrganisation: "Du er ikke tilknyttet en organisation",
      networkError: "Ingen forbindelse.",
      unexpectedError: "Uventet fejl.",
    },
    navigate: vi.fn(),
  });
});

describe("lookUpCompany", () => {
  it("asks GET /api/users/cvrLookup with the search encoded and answers the company", async () => {
    fetchMock.mockResolvedValue(answer(200, COMPANY));
    expect(await lookUpCompany("Vej & Park A/S", FALLBACK)).toEqual({ company: COMPANY });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/users/cvrLookup?search=Vej%20%26%20Park%20A%2FS");
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get("authorization")).toBe("Bearer the-token");
  });

  it("answers the server's message for no company, a register that is down, and a bad search, without a toast", async () => {
    for (const [status, message] of [
      [404, "Der blev ikke fundet nogen virksomhed med det CVR-nummer eller navn."],
      [503, "CVR-opslaget virker ikke lige nu. Udfyld navn og CVR-nummer selv."],
      [400, "Skriv et CVR-nummer eller et firmanavn at søge efter."],
      [429, "For mange forsøg. Prøv igen om 5 minutter."],
    ] as const) {
      fetchMock.mockResolvedValueOnce(answer(status, { message }));
      expect(await lookUpCompany("x", FALLBACK)).toEqual({ error: message });
    }
    expect(toastError).not.toHaveBeenCalled();
  });

  it("answers the fallback when the server cannot be reached or answers something else than a company", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await lookUpCompany("Vejfirma", FALLBACK)).toEqual({ error: FALLBACK });
    fetchMock.mockResolvedValueOnce(answer(200, { name: "Vejfirma ApS" }));
    expect(await lookUpCompany("Vejfirma", FALLBACK)).toEqual({ error: FALLBACK });
    fetchMock.mockResolvedValueOnce(new Response("<h1>Bad gateway</h1>", { status: 502 }));
    expect(await lookUpCompany("Vejfirma", FALLBACK)).toEqual({ error: FALLBACK });
    expect(toastError).not.toHaveBeenCalled();
  });
});
