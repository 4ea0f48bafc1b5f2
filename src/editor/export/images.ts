/**
 * The pictures a page uses, fetched once before it is drawn, as data: URLs the page can carry inside
 * itself: SVG stays SVG (vector in the PDF), other pictures become PNG, which every PDF reader takes
 * (a WEBP upload would not be). With each picture its proportions, for pictures the catalogue does not
 * give a size for.
 */

export interface PageImages {
  images: Map<string, string>;
  aspects: Map<string, number>;
}

function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The SVG text of a data: URL, or null when it is not an SVG one. */
function svgOfDataUrl(src: string): string | null {
  const match = /^data:image\/svg\+xml(;[^,]*)?,(.*)$/s.exec(src);
  if (!match) return null;
  return (match[1] ?? "").includes(";base64")
    ? new TextDecoder().decode(Uint8Array.from(atob(match[2]!), (c) => c.charCodeAt(0)))
    : decodeURIComponent(match[2]!);
}

async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = "async";
  image.src = src;
  await image.decode();
  return image;
}

async function pictureOf(src: string, given: Blob | undefined, signal?: AbortSignal): Promise<{ dataUrl: string; aspect: number } | null> {
  let svg = given ? null : svgOfDataUrl(src);
  let blob: Blob | null = given ?? null;
  if (blob) {
    if (blob.type.includes("svg")) svg = await blob.text();
  } else if (svg === null && !src.startsWith("data:")) {
    const response = await fetch(src, { signal, credentials: "same-origin" });
    if (!response.ok) return null;
    blob = await response.blob();
    if (blob.type.includes("svg")) svg = await blob.text();
  }
  if (svg !== null) {
    const dataUrl = `data:image/svg+xml;base64,${utf8ToBase64(svg)}`;
    const image = await loadImage(dataUrl);
    return { dataUrl, aspect: image.naturalWidth && image.naturalHeight ? image.naturalWidth / image.naturalHeight : 1 };
  }
  const objectUrl = blob ? URL.createObjectURL(blob) : src;
  try {
    const image = await loadImage(objectUrl);
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    if (!context || !canvas.width || !canvas.height) return null;
    context.drawImage(image, 0, 0);
    return { dataUrl: canvas.toDataURL("image/png"), aspect: canvas.width / canvas.height };
  } finally {
    if (blob) URL.revokeObjectURL(objectUrl);
  }
}

/**
 * Fetches every distinct source; one that cannot be fetched is left out (the page draws the placeholder).
 * `given`: pictures the page already holds as files (the company logo), by the key they are asked for with.
 */
export async function fetchPageImages(
  sources: Iterable<string>,
  signal?: AbortSignal,
  given: ReadonlyMap<string, Blob> = new Map(),
): Promise<PageImages> {
  const images = new Map<string, string>();
  const aspects = new Map<string, number>();
  await Promise.all(
    [...new Set([...sources, ...given.keys()])].map(async (src) => {
      try {
        const picture = await pictureOf(src, given.get(src), signal);
        if (picture) {
          images.set(src, picture.dataUrl);
          aspects.set(src, picture.aspect);
        }
      } catch (error) {
        if (signal?.aborted) throw error;
        console.warn("export: picture not loaded", src, error);
      }
    }),
  );
  signal?.throwIfAborted();
  return { images, aspects };
}
