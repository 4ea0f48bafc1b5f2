import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ExportDto, ExportSettings } from "@/lib/schemas/export";

const toastError = vi.fn();
vi.mock("react-toastify", () => ({ toast: { error: (...args: unknown[]) => toastError(...args) } }));

const { configureApiClient } = await import("@/client/api");
const { downloadExport, exportFileUrl, listExports, saveExport } = await import("./exports");

const fetchMock = vi.fn<typeof fetch>();

const SETTINGS = { type: "largeArea", format: "pdf", paperSize: "A3", landscape: true, scale: 500 } as ExportSettings;
const DTO: ExportDto = {
  id: 9,
  signplanId: 4,
  createdAt: "2025-04-07T08:00:00.000Z",
  createdBy: "Karen",
  settings: SETTINGS,
  fileName: "Plan Ærøgade.pdf",
  fileSize: 8,
  fileUrl: "/api/exports/9/file",
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  fetchMock.mockReset();
  toastError.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("window", {
    location: { pathname: "/app", search: "" },
    localStorage: { getItem: () => "user-token", setItem: () => undefined, removeItem: () => undefined },
    dispatchEvent: () => true,
  });
  configureApiClient({
    site: "ta-planen",
    texts: { loggedOut: "x", notInOrganisation: "x", networkError: "Ingen anslutning", unexpectedError: "Fel" },
    navigate: vi.fn(),
  });
});

describe("the export history's client", () => {
  it("lists a plan's exports", async () => {
    fetchMock.mockResolvedValue(json(200, [DTO]));
    expect(await listExports(4)).toEqual([DTO]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/exports/signplan/4");
    expect(new Headers(init?.headers).get("x-site")).toBe("ta-planen");
  });

  it("saves an export as multipart: the settings as JSON and the file under its name", async () => {
    fetchMock.mockResolvedValue(json(201, DTO));
    const file = new Blob(["%PDF-1.7"], { type: "application/pdf" });
    expect(await saveExport(4, SETTINGS, file, "Plan Ærøgade.pdf")).toEqual(DTO);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/exports/signplan/4");
    expect(init?.method).toBe("POST");
    const form = init?.body as FormData;
    expect(JSON.parse(form.get("settings") as string)).toEqual(SETTINGS);
    const sent = form.get("file") as File;
    expect(sent.name).toBe("Plan Ærøgade.pdf");
    expect(await sent.text()).toBe("%PDF-1.7");
    // The browser writes the multipart content type with its boundary.
    expect(new Headers(init?.headers).get("content-type")).toBeNull();
  });

  it("a refused save throws the server's message (and toasts it unless told not to)", async () => {
    fetchMock.mockResolvedValue(json(413, { message: "Exporten är för stor" }));
    await expect(saveExport(4, SETTINGS, new Blob(["x"]), "a.pdf", { toast: false })).rejects.toMatchObject({ status: 413 });
    expect(toastError).not.toHaveBeenCalled();
  });

  it("downloads a stored export again under its name, with the token", async () => {
    fetchMock.mockResolvedValue(new Response(new Blob(["%PDF-1.7"], { type: "application/pdf" }), { status: 200 }));
    const clicked: { href: string; download: string }[] = [];
    const link = {
      href: "",
      download: "",
      rel: "",
      click: () => clicked.push({ href: link.href, download: link.download }),
      remove: vi.fn(),
    };
    vi.stubGlobal("document", { createElement: () => link, body: { appendChild: vi.fn() } });
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:x");
    const revokeObjectURL = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    vi.useFakeTimers();
    try {
      await downloadExport(DTO);
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
    }
    expect(exportFileUrl(9)).toBe(DTO.fileUrl);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/exports/9/file");
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer user-token");
    expect(clicked).toEqual([{ href: "blob:x", download: "Plan Ærøgade.pdf" }]);
    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe("%PDF-1.7");
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:x");
    expect(link.remove).toHaveBeenCalled();
  });
});
