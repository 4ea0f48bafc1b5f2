/** A canvas as encoded bytes: `toBlob` rather than `toDataURL`, which holds a large page twice over as text (DOMAIN.md). */
export async function canvasBytes(canvas: HTMLCanvasElement, type: "image/jpeg" | "image/png", quality?: number): Promise<Uint8Array> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  if (!blob) throw new Error("canvasEncode");
  return new Uint8Array(await blob.arrayBuffer());
}
