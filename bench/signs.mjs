// `npm run bench:signs`: how closely our Danish sign drawings resemble drawings other people made of the
// same signs (issue 6, "Fidelity benchmark"). A benchmark, not a test: it prints numbers and exits 0
// whether or not the goal is met; it exits non-zero only when the benchmark itself breaks (no reference
// folder, sharp cannot start, an unexpected error).
//
// What it does, in one run:
//  1. Lists the reference drawings, ../shared/reference/dk-road-signs/<folder>/<code>.svg (override with
//     SIGN_REFERENCE_DIR). They are reference material only: read here, never copied into the project.
//     A file whose name is not a sign code (e.g. Slippery_road.svg) is reported as unmatched.
//  2. Reads our catalogue, DK_SIGNS from src/lib/signs/dk/index.ts (through tsx), and finds each entry's
//     generated drawing at public/<svgUrl> — the committed files are the product, so they are what is
//     compared. When the catalogue module cannot be loaded (other work in progress) it falls back to the
//     files under public/signs/dk/<category>/<id>.svg and says so. SIGN_PUBLIC_DIR replaces public/
//     (to score drawings written elsewhere, e.g. a preview of the renderer before the files are generated).
//  3. Pairs a reference with our sign when the file name (the code without spaces, e.g. "C11.1") equals
//     our id. Both drawings go through exactly the same pipeline:
//       - sharp/librsvg renders the SVG so that its larger side is 512 px (density = 72 × 512 / the
//         larger intrinsic side; the same rule for both, so differing width/height/viewBox units do not
//         matter), alpha flattened onto white;
//       - white margins are trimmed (near-white ≥ 245 in every channel). The reference files have
//         none (< 1.1 % each); a margin in our drawing would otherwise score as a smaller, shifted sign.
//         Our drawings with more than 2 % margin are listed instead, since a margin also makes the sign
//         smaller on the map;
//       - the result is scaled to fit 128×128 (fit "contain", white padding, lanczos3).
//     Scores (ssim.js, Wang et al. 2004: 11×11 Gaussian window σ 1.5, k1 0.01, k2 0.03):
//       - ssim: SSIM of the luma (ssim.js's rgb2gray, 0.299 R + 0.587 G + 0.114 B) over the whole square.
//         This is the score the goal is about.
//       - area: the same SSIM map averaged only over windows that touch ink in either image. The white
//         background around a sign is equal in both pictures and lifts "ssim" (a blank image scores
//         0.2–0.65 against our series' signs, more against wide plates); "area" is the stricter view.
//       - rgb: the mean of the SSIMs of R, G and B taken separately. Luma barely separates some colours
//         (the sign red and the sign blue have nearly the same luma), rgb does.
//     How to read the numbers (bench/signs.mjs --self-check prints them): at 128 px SSIM is very
//     sensitive to registration — a reference moved by 1 px scores only 0.6–0.84 against itself, and two
//     different warning signs (same triangle, other pictogram) can score above 0.85. Shape, proportions
//     and placement of the pictogram therefore dominate the score.
//     Text: librsvg renders <text> with the fonts fontconfig finds on this machine (here DejaVu and
//     Liberation); a drawing that names a font that is not installed gets a substitute. Nearly all
//     reference files draw their lettering as paths, so our drawings should too if they are to render
//     the same everywhere.
//  4. Prints, per category of ours (A, B, C, D, E, U, M, L, temporary, N), the number of compared signs
//     and the mean of each score and the minimum ssim; the overall line; the worst ten codes by ssim;
//     the references without a compared sign (not in the catalogue yet / in the catalogue but no
//     generated file / series outside our catalogue / name is not a code) and our signs without a
//     reference; reference files whose recorded origin names another code; and
//     "goal: mean ≥ 0.85 and none < 0.6: MET/NOT MET" (on ssim), and the same without the few
//     reference files that show more than one sign (NOT_ONE_SIGN, each with what it shows). Our drawing that does not render
//     scores 0 and is named; a reference that does not render is left out and named.
//  5. Writes side-by-side PNGs (reference left, ours right, both as compared, shown at 2×) of the worst
//     ten to /tmp/sign-fidelity/ (override with SIGN_FIDELITY_OUT; BENCH_SIGNS_NO_IMAGES=1 skips them).
//
// Options: --all prints every compared code with its scores; --only=<regex> compares only the codes it
// matches; --worst=N lists and pictures the worst N (10); --self-check only checks the measuring
// itself (a reference against itself must give exactly 1, a blank image must score below a 1-px shift
// and below 0.5 on "area"; it also prints the 1-px shift and a sibling sign for scale) and exits.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import ssimModule from "ssim.js";
import { tsImport } from "tsx/esm/api";

const ssim = ssimModule.ssim ?? ssimModule.default ?? ssimModule;

const ROOT = path.resolve(import.meta.dirname, "..");
const REFERENCE_DIR = path.resolve(process.env.SIGN_REFERENCE_DIR ?? path.join(ROOT, "..", "shared", "reference", "dk-road-signs"));
// SIGN_PUBLIC_DIR: compare drawings written elsewhere (e.g. a preview of the renderer) instead of public/.
const PUBLIC_DIR = path.resolve(process.env.SIGN_PUBLIC_DIR ?? path.join(ROOT, "public"));
const OUR_DIR = path.join(PUBLIC_DIR, "signs", "dk");
const OUT_DIR = path.resolve(process.env.SIGN_FIDELITY_OUT ?? "/tmp/sign-fidelity");
const WRITE_IMAGES = process.env.BENCH_SIGNS_NO_IMAGES !== "1";
const ARGS = new Set(process.argv.slice(2));

const SIZE = 128;
const SUPERSAMPLE = 512;
const TRIM_THRESHOLD = 10;
const MARGIN_REPORT = 0.02;
// "fast" is ssim.js's separable-Gaussian port of Wang et al.'s ssim.m: the same map as "original" (to 1e-13), 4× quicker.
const SSIM_OPTIONS = { ssim: "fast" };
// Reference files that show more than the one sign of their name (checked by eye): they are scored and
// listed like every other, and the goal line says how it stands with and without them. We draw the
// real sign, never the sheet.
const NOT_ONE_SIGN = new Map([
  ["L41", "two variants stacked: the dotted (henvisende) one above the plain one"],
  ["L42", "two variants stacked: the dotted (henvisende) one above the plain one"],
  ["L43", "two variants stacked: the dotted (henvisende) one above the plain one"],
  ["L44", "two variants stacked: yellow above white"],
  ["UC57", "the plate under the end-of-90 sign it belongs to"],
]);
const GOAL_MEAN = 0.85;
const GOAL_MIN = 0.6;
// --only=<regex>: compare only the codes it matches (e.g. --only=^E to work on one series); --worst=N: how
// many of the worst to list and picture.
const optionValue = (name) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const ONLY = optionValue("only") ? new RegExp(optionValue("only")) : null;
const WORST = Number(optionValue("worst") ?? 10);
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
// The specification's category order (src/lib/signs/types.ts, DK_SIGN_CATEGORIES).
const CATEGORIES = ["A", "B", "C", "D", "E", "U", "M", "L", "temporary", "N"];
// Series our catalogue covers (issue 6: A–E, U, the M and L signs road works use, N/O material).
// References of other series (F, G, H, I, J, K: direction, guide, locality, motorway signs) will never
// have a sign of ours to compare with.
const OUR_SERIES = new Set(["A", "B", "C", "D", "E", "U", "M", "L", "N", "O"]);
const CODE_PATTERN = /^[A-Z]{1,2}\d+(?:\.\d+)*$/;

const started = Date.now();
const rel = (file) => path.relative(ROOT, file);
const fmt = (value) => (value === null || value === undefined || Number.isNaN(value) ? "  –  " : value.toFixed(3));
const seriesOf = (code) => code.match(/^[A-Z]/)?.[0] ?? "?";
const byCode = (a, b) => a.localeCompare(b, "en", { numeric: true });

function listSvgs(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listSvgs(full));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith(".svg")) files.push(full);
  }
  return files;
}

// ---------------------------------------------------------------------------------------------------
// Rendering and scoring

/**
 * An SVG file as 128×128 RGBA pixels (opaque, white background), the same way for every file: rendered
 * with its larger side at 512 px, white margins trimmed (the reference files have none; a margin in our
 * drawing would otherwise show up as a smaller, shifted sign — it is counted and reported instead), then
 * fitted into the square. `margin` is the share of the larger side that trimming removed.
 */
async function rasterise(file) {
  const svg = readFileSync(file);
  const { width, height } = await sharp(svg, { unlimited: true }).metadata();
  if (!width || !height) throw new Error("no intrinsic size");
  const density = Math.min(100_000, Math.max(1, (72 * SUPERSAMPLE) / Math.max(width, height)));
  const large = await sharp(svg, { density, unlimited: true })
    .flatten({ background: WHITE })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: large.info.width, height: large.info.height, channels: 3 };
  const box = inkBox(large.data, raw);
  const margin = box ? 1 - Math.max(box.width / raw.width, box.height / raw.height) : 0;
  let pipeline = sharp(large.data, { raw });
  if (box && (box.width < raw.width || box.height < raw.height)) pipeline = pipeline.extract(box);
  const { data, info } = await pipeline
    .resize(SIZE, SIZE, { fit: "contain", background: WHITE, kernel: "lanczos3" })
    .flatten({ background: WHITE })
    .ensureAlpha(1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== SIZE || info.height !== SIZE || info.channels !== 4)
    throw new Error(`unexpected raster ${info.width}×${info.height}×${info.channels}`);
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: SIZE, height: SIZE, margin };
}

/** The smallest rectangle holding every pixel that is not (nearly) white, or null for a blank image. */
function inkBox(data, { width, height, channels }) {
  const limit = 255 - TRIM_THRESHOLD;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * channels;
    for (let x = 0; x < width; x++) {
      const i = row + x * channels;
      if (data[i] < limit || data[i + 1] < limit || data[i + 2] < limit) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  return right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

const blankImage = () => ({ data: new Uint8ClampedArray(SIZE * SIZE * 4).fill(255), width: SIZE, height: SIZE, margin: 0 });

/** One channel of an RGBA image as a grey RGBA image (ssim.js's rgb2gray then returns that channel exactly). */
function channel(image, index) {
  const out = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < out.length; i += 4) {
    const v = image.data[i + index];
    out[i] = v;
    out[i + 1] = v;
    out[i + 2] = v;
    out[i + 3] = 255;
  }
  return { data: out, width: image.width, height: image.height };
}

/**
 * Mean of an SSIM map over the windows that touch the sign: an 11×11 window counts when it holds a
 * pixel that is not white in either image. The white padding and background around a sign are equal in
 * both pictures and would otherwise lift every score (a blank image against a wide plate scores 0.6+).
 */
function signAreaMean(map, a, b) {
  const n = SIZE + 1;
  const integral = new Uint32Array(n * n); // integral[(y+1)*n + x+1] = content pixels in [0..y]×[0..x]
  for (let y = 0; y < SIZE; y++) {
    let row = 0;
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 4;
      const ink = [a.data, b.data].some((d) => d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250);
      row += ink ? 1 : 0;
      integral[(y + 1) * n + x + 1] = integral[y * n + x + 1] + row;
    }
  }
  const window = SIZE - map.width + 1; // 'valid' map: entry (x, y) is the window with top-left (x, y)
  let sum = 0;
  let count = 0;
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const ink =
        integral[(y + window) * n + x + window] - integral[y * n + x + window] - integral[(y + window) * n + x] + integral[y * n + x];
      if (ink > 0) {
        sum += map.data[y * map.width + x];
        count++;
      }
    }
  }
  return count ? sum / count : 1;
}

/**
 * ssim: luma SSIM over the whole 128×128 square (the score the goal is about); area: the same SSIM map
 * averaged over the sign only (stricter, see signAreaMean); rgb: mean of the SSIMs of R, G and B taken
 * separately (luma barely tells the Danish sign red from the sign blue).
 */
function score(a, b) {
  const { mssim, ssim_map: map } = ssim(a, b, SSIM_OPTIONS);
  let rgb = 0;
  for (const index of [0, 1, 2]) rgb += ssim(channel(a, index), channel(b, index), SSIM_OPTIONS).mssim / 3;
  return { luma: mssim, area: signAreaMean(map, a, b), rgb };
}

async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  });
  await Promise.all(workers);
  return results;
}

// ---------------------------------------------------------------------------------------------------
// Inputs

function readReferences() {
  if (!existsSync(REFERENCE_DIR) || !statSync(REFERENCE_DIR).isDirectory()) {
    throw new Error(`reference folder not found: ${REFERENCE_DIR} (set SIGN_REFERENCE_DIR)`);
  }
  const references = [];
  for (const file of listSvgs(REFERENCE_DIR).sort()) {
    const name = path.basename(file).replace(/\.svg$/i, "");
    references.push({ file, name, code: CODE_PATTERN.test(name) ? name : null, folder: path.basename(path.dirname(file)) });
  }
  return references;
}

/**
 * Reference files whose recorded origin (LICENSE-SOURCE.txt: "<folder>/<file>.svg <Commons URL>") names a
 * different code than the file name, e.g. service/M53.svg drawn from Commons "Denmark_road_sign_M54.svg".
 * Such a pair compares our sign with a picture of another sign; the worst-ten list marks them.
 */
function readOriginDoubts() {
  const doubts = new Map();
  const sourceFile = path.join(REFERENCE_DIR, "LICENSE-SOURCE.txt");
  if (!existsSync(sourceFile)) return doubts;
  for (const line of readFileSync(sourceFile, "utf8").split("\n")) {
    const match = line.match(/^(\S+)\.svg\s+\S*\/([^/\s]+)\.svg\s*$/i);
    if (!match) continue;
    const code = path.basename(match[1]);
    const commons = decodeURIComponent(match[2])
      .replace(/^Denmark_road_sign_/i, "")
      .toUpperCase();
    const origin = commons.match(/^([A-Z]{1,2}\d+)(?:[._]+(\d{1,2})(?!\d))?/);
    if (!origin || !CODE_PATTERN.test(code)) continue;
    const originCode = origin[2] ? `${origin[1]}.${origin[2]}` : origin[1];
    if (originCode !== code) doubts.set(code, `origin file is "${decodeURIComponent(match[2])}.svg"`);
  }
  return doubts;
}

/** DK_SIGNS as {id, code, category, file}; or, when the module does not load, the generated files. */
async function readOurSigns() {
  try {
    const catalogue = await tsImport(path.join(ROOT, "src/lib/signs/dk/index.ts"), import.meta.url);
    const signs = catalogue.DK_SIGNS;
    if (!Array.isArray(signs)) throw new Error("DK_SIGNS is not an array");
    return {
      source: "catalogue",
      signs: signs.map((sign) => {
        const url =
          typeof sign.svgUrl === "string" && sign.svgUrl.startsWith("/") ? sign.svgUrl : `/signs/dk/${sign.category}/${sign.id}.svg`;
        const file = path.join(PUBLIC_DIR, url);
        return {
          id: String(sign.id),
          code: String(sign.code ?? sign.id),
          category: String(sign.category),
          file: file.startsWith(PUBLIC_DIR + path.sep) ? file : null,
        };
      }),
    };
  } catch (error) {
    console.warn(
      `[bench:signs] WARNING: could not load DK_SIGNS (${error.message.split("\n").slice(0, 3).join(" ").trim()}); falling back to the files in ${rel(OUR_DIR)}/`,
    );
    const files = existsSync(OUR_DIR) ? listSvgs(OUR_DIR) : [];
    return {
      source: "files",
      signs: files.map((file) => {
        const id = path.basename(file).replace(/\.svg$/i, "");
        return { id, code: id, category: path.basename(path.dirname(file)), file };
      }),
    };
  }
}

// ---------------------------------------------------------------------------------------------------
// Self-check: the measuring, not our signs

/** Moves an image by (dx, dy) pixels, filling with white. */
function shifted(image, dx, dy) {
  const out = new Uint8ClampedArray(image.data.length).fill(255);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const sx = x - dx;
      const sy = y - dy;
      if (sx < 0 || sy < 0 || sx >= SIZE || sy >= SIZE) continue;
      out.set(image.data.subarray((sy * SIZE + sx) * 4, (sy * SIZE + sx) * 4 + 4), (y * SIZE + x) * 4);
    }
  }
  return { data: out, width: SIZE, height: SIZE };
}

async function selfCheck(references) {
  // One reference per folder of our series, and the first pair of sibling codes in the same folder.
  const usable = references.filter((r) => r.code && OUR_SERIES.has(seriesOf(r.code)));
  const sample = usable.filter((r, i) => usable.findIndex((other) => other.folder === r.folder) === i);
  if (sample.length === 0) throw new Error("no reference files of our series to check with");
  const cell = (s) => `${fmt(s.luma)} ${fmt(s.area)} ${fmt(s.rgb)}`;
  let ok = true;
  console.log("self-check of the measuring (each cell: ssim area rgb)");
  console.log(`${"code".padEnd(8)} ${"itself".padEnd(17)} ${"blank".padEnd(17)} ${"moved 1 px".padEnd(17)} ${"sibling".padEnd(17)}`);
  for (const reference of sample) {
    const a = await rasterise(reference.file);
    const same = score(a, await rasterise(reference.file));
    const empty = score(a, blankImage());
    const moved = score(a, shifted(a, 1, 1));
    const siblingRef = usable.find((r) => r.folder === reference.folder && r !== reference);
    const sibling = siblingRef ? score(a, await rasterise(siblingRef.file)) : null;
    // Identical drawings must score exactly 1; a blank image must score clearly lower than a 1-px shift.
    const good = [same.luma, same.area, same.rgb].every((v) => Math.abs(v - 1) < 1e-9) && empty.luma < moved.luma && empty.area < 0.5;
    ok &&= good;
    console.log(
      `${reference.code.padEnd(8)} ${cell(same)} ${cell(empty)} ${cell(moved)} ${sibling ? `${cell(sibling)} (${siblingRef.code})` : "–"}${good ? "" : "  UNEXPECTED"}`,
    );
  }
  console.log(ok ? "self-check: ok" : "self-check: FAILED");
  return ok;
}

// ---------------------------------------------------------------------------------------------------
// Side-by-side pictures of the worst codes

async function writeWorstImages(worst, rasters) {
  mkdirSync(OUT_DIR, { recursive: true });
  const scale = 2;
  const cell = SIZE * scale;
  const gap = 8;
  const label = 22;
  const width = cell * 2 + gap * 3;
  const height = cell + label + gap * 2;
  const escape = (text) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const toPng = (image) =>
    sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), { raw: { width: SIZE, height: SIZE, channels: 4 } })
      .resize(cell, cell, { kernel: "nearest" })
      .png()
      .toBuffer();
  const tiles = [];
  for (const [rank, result] of worst.entries()) {
    const { reference, ours } = rasters.get(result.code);
    const caption = `${rank + 1}. ${result.code}  ssim ${fmt(result.luma)}  area ${fmt(result.area)}  rgb ${fmt(result.rgb)}   reference | ours`;
    const text = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${label}"><text x="${gap}" y="16" font-family="DejaVu Sans, sans-serif" font-size="13">${escape(caption)}</text></svg>`,
    );
    const tile = await sharp({ create: { width, height, channels: 4, background: { r: 200, g: 200, b: 200, alpha: 1 } } })
      .composite([
        { input: text, left: 0, top: 0 },
        { input: await toPng(reference), left: gap, top: label + gap },
        { input: await toPng(ours), left: cell + gap * 2, top: label + gap },
      ])
      .png()
      .toBuffer();
    const name = `${String(rank + 1).padStart(2, "0")}-${result.code}.png`;
    await sharp(tile).toFile(path.join(OUT_DIR, name));
    tiles.push(tile);
  }
  if (tiles.length > 0) {
    await sharp({ create: { width, height: height * tiles.length, channels: 4, background: WHITE } })
      .composite(tiles.map((input, i) => ({ input, left: 0, top: i * height })))
      .png()
      .toFile(path.join(OUT_DIR, "worst.png"));
  }
}

// ---------------------------------------------------------------------------------------------------
// The run

async function main() {
  const references = readReferences();
  if (ARGS.has("--self-check")) return (await selfCheck(references)) ? 0 : 1;

  const doubts = readOriginDoubts();
  const { source, signs } = await readOurSigns();
  const ourById = new Map();
  const duplicateIds = [];
  for (const sign of signs) {
    if (ourById.has(sign.id)) duplicateIds.push(sign.id);
    else ourById.set(sign.id, sign);
  }
  const generated = signs.filter((sign) => sign.file && existsSync(sign.file));
  const filesOnDisk = existsSync(OUR_DIR) ? listSvgs(OUR_DIR) : [];
  const catalogued = new Set(signs.map((sign) => sign.file).filter(Boolean));
  const strayFiles = filesOnDisk.filter((file) => !catalogued.has(file));

  // Pairing.
  const pairs = [];
  const unmatched = { notACode: [], otherSeries: [], notInCatalogue: [], noFile: [] };
  const referenceCodes = new Map();
  const duplicateReferences = [];
  for (const reference of references) {
    if (!reference.code) {
      unmatched.notACode.push(reference);
      continue;
    }
    if (referenceCodes.has(reference.code)) {
      duplicateReferences.push(reference);
      continue;
    }
    referenceCodes.set(reference.code, reference);
    const ours = ourById.get(reference.code);
    if (ONLY && !ONLY.test(reference.code)) continue;
    if (ours && ours.file && existsSync(ours.file)) pairs.push({ code: reference.code, reference, ours });
    else if (ours) unmatched.noFile.push(reference);
    else if (!OUR_SERIES.has(seriesOf(reference.code))) unmatched.otherSeries.push(reference);
    else unmatched.notInCatalogue.push(reference);
  }
  const withoutReference = [...ourById.values()].filter((sign) => !referenceCodes.has(sign.id));

  // Rendering and scoring, a few pairs at a time (sharp renders on its own threads).
  const rasters = new Map();
  const referenceErrors = [];
  const results = (
    await mapLimit(pairs, 4, async (pair) => {
      let reference;
      try {
        reference = await rasterise(pair.reference.file);
      } catch (error) {
        referenceErrors.push(`${rel(pair.reference.file)}: ${error.message}`);
        return null;
      }
      let ours;
      let error = null;
      try {
        ours = await rasterise(pair.ours.file);
      } catch (caught) {
        // Our drawing does not render: that is the product failing, so it scores 0 and is listed.
        error = caught.message;
        ours = blankImage();
      }
      rasters.set(pair.code, { reference, ours });
      const { luma, area, rgb } = error ? { luma: 0, area: 0, rgb: 0 } : score(reference, ours);
      return { code: pair.code, category: pair.ours.category, luma, area, rgb, margin: ours.margin, error, reference: pair.reference };
    })
  ).filter(Boolean);

  // Report.
  const mean = (list, key = "luma") => (list.length ? list.reduce((sum, r) => sum + r[key], 0) / list.length : null);
  const minOf = (list) => list.reduce((worst, r) => (!worst || r.luma < worst.luma ? r : worst), null);
  const line = (text = "") => console.log(text);
  line(`Sign fidelity: our Danish signs against ${rel(REFERENCE_DIR)} (${references.length} reference files)`);
  line(
    `Pipeline: sharp ${sharp.versions.sharp} / librsvg ${sharp.versions.rsvg}, render at ${SUPERSAMPLE} px on white, white margins trimmed, fit "contain" into ${SIZE}×${SIZE}; SSIM = ssim.js (Wang et al. 2004, 11×11 Gaussian σ 1.5) on luma (rgb = mean of R, G, B channel SSIMs, informational)`,
  );
  line(
    `Catalogue: ${source === "catalogue" ? `DK_SIGNS has ${signs.length} entries` : `DK_SIGNS NOT LOADED — ${signs.length} files found instead`}, ` +
      `${generated.length} with a generated SVG${strayFiles.length ? `, ${strayFiles.length} generated SVG(s) not in the catalogue` : ""}` +
      `${duplicateIds.length ? `, duplicate ids: ${duplicateIds.join(", ")}` : ""}`,
  );
  line();
  line("category   signs   ssim    area    rgb     min ssim");
  const groups = [...CATEGORIES, ...new Set(results.map((r) => r.category).filter((c) => !CATEGORIES.includes(c)))];
  for (const category of groups) {
    const list = results.filter((r) => r.category === category);
    const worst = minOf(list);
    line(
      `${category.padEnd(10)} ${String(list.length).padStart(5)}   ${fmt(mean(list))}   ${fmt(mean(list, "area"))}   ${fmt(mean(list, "rgb"))}   ${worst ? `${fmt(worst.luma)} (${worst.code})` : "  –"}`,
    );
  }
  const overall = mean(results);
  const lowest = minOf(results);
  line(
    `${"overall".padEnd(10)} ${String(results.length).padStart(5)}   ${fmt(overall)}   ${fmt(mean(results, "area"))}   ${fmt(mean(results, "rgb"))}   ${lowest ? `${fmt(lowest.luma)} (${lowest.code})` : "  –"}`,
  );
  line("(ssim: luma SSIM of the 128×128 squares — the goal's measure; area: the same over the sign only; rgb: mean of R, G, B SSIMs)");
  line();

  const sorted = [...results].sort((a, b) => a.luma - b.luma || byCode(a.code, b.code));
  const worst = sorted.slice(0, WORST);
  if (worst.length) {
    line(`worst ${worst.length} (ssim, area, rgb):`);
    for (const r of worst) {
      const notes = [
        r.error ? `our SVG does not render: ${r.error}` : null,
        doubts.has(r.code) ? `reference doubtful: ${doubts.get(r.code)}` : null,
      ].filter(Boolean);
      line(
        `  ${r.code.padEnd(9)} ${fmt(r.luma)}  ${fmt(r.area)}  ${fmt(r.rgb)}  ${r.category.padEnd(9)} ${rel(r.reference.file)}${notes.length ? `  (${notes.join("; ")})` : ""}`,
      );
    }
    line();
  }
  if (ARGS.has("--all") && sorted.length) {
    line("all compared codes (ssim, area, rgb, trimmed margin):");
    for (const r of [...results].sort((a, b) => byCode(a.code, b.code)))
      line(`  ${r.code.padEnd(9)} ${fmt(r.luma)}  ${fmt(r.area)}  ${fmt(r.rgb)}  ${fmt(r.margin)}  ${r.category}`);
    line();
  }

  const list = (items, max = 40) => {
    const codes = items.map((r) => r.code ?? r.id ?? path.basename(r.file)).sort(byCode);
    return codes.length > max ? `${codes.slice(0, max).join(" ")} … (+${codes.length - max})` : codes.join(" ");
  };
  const unmatchedCount = Object.values(unmatched).reduce((sum, l) => sum + l.length, 0);
  line(`references without a compared sign: ${unmatchedCount} of ${references.length}`);
  line(
    `  ${source === "catalogue" ? "not in catalogue yet" : "no generated file (catalogue not loaded)"} (our series): ${unmatched.notInCatalogue.length}${unmatched.notInCatalogue.length ? `  ${list(unmatched.notInCatalogue)}` : ""}`,
  );
  line(`  in catalogue, SVG not generated yet: ${unmatched.noFile.length}${unmatched.noFile.length ? `  ${list(unmatched.noFile)}` : ""}`);
  line(`  series outside our catalogue (never match): ${unmatched.otherSeries.length}  ${summariseSeries(unmatched.otherSeries)}`);
  line(
    `  file name is not a sign code (unmatched): ${unmatched.notACode.length}${unmatched.notACode.length ? `  ${unmatched.notACode.map((r) => rel(r.file)).join(" ")}` : ""}`,
  );
  if (duplicateReferences.length)
    line(`  duplicate codes in the references (second file ignored): ${duplicateReferences.map((r) => rel(r.file)).join(" ")}`);
  if (referenceErrors.length) line(`  reference files that did not render (left out): ${referenceErrors.join("; ")}`);
  line(
    `our signs without a reference: ${withoutReference.length}${withoutReference.length ? `  ${summariseCategories(withoutReference)}` : ""}`,
  );
  // Variants are catalogue entries "<code>-<variant>" (e.g. U4.1-bil) beside the base code, which is compared.
  const variants = withoutReference.filter((sign) => /^[^-]+-./.test(sign.id) && referenceCodes.has(sign.id.split("-")[0]));
  const others = withoutReference.filter((sign) => sign.category !== "N" && sign.category !== "temporary" && !variants.includes(sign));
  if (variants.length) line(`  variants of a code that has a reference (<code>-<variant>; the base code is compared): ${variants.length}`);
  if (others.length) line(`  outside N and temporary, no reference file of that name: ${list(others.map((sign) => ({ code: sign.id })))}`);
  const margins = results.filter((r) => r.margin > MARGIN_REPORT);
  if (margins.length)
    line(
      `our drawings with a white margin (> ${MARGIN_REPORT * 100} % of the larger side, trimmed before comparing): ${margins.length}  ${margins.map((r) => `${r.code} ${(r.margin * 100).toFixed(0)} %`).join(", ")}`,
    );
  if (doubts.size)
    line(`reference files whose recorded origin names another code: ${[...doubts].map(([code, why]) => `${code} (${why})`).join("; ")}`);
  line();

  if (WRITE_IMAGES) rmSync(OUT_DIR, { recursive: true, force: true }); // no stale pictures from an earlier run
  if (WRITE_IMAGES && worst.length) {
    await writeWorstImages(worst, rasters);
    line(`side-by-side pictures of the worst ${worst.length} (reference | ours): ${OUT_DIR}/ (worst.png has them all)`);
  }
  const met = results.length > 0 && overall >= GOAL_MEAN && lowest.luma >= GOAL_MIN;
  const why =
    results.length === 0
      ? " (nothing compared yet)"
      : met
        ? ""
        : ` (mean ${fmt(overall)}, ${results.filter((r) => r.luma < GOAL_MIN).length} below ${GOAL_MIN})`;
  line(`goal: mean ≥ ${GOAL_MEAN} and none < ${GOAL_MIN}: ${met ? "MET" : "NOT MET"}${why}`);
  const sheets = results.filter((r) => NOT_ONE_SIGN.has(r.code));
  if (sheets.length) {
    const single = results.filter((r) => !NOT_ONE_SIGN.has(r.code));
    const singleMean = mean(single);
    const singleLow = minOf(single);
    const singleMet = single.length > 0 && singleMean >= GOAL_MEAN && singleLow.luma >= GOAL_MIN;
    line(
      `      against the ${single.length} references that show one sign: ${singleMet ? "MET" : "NOT MET"} (mean ${fmt(singleMean)}, lowest ${fmt(singleLow.luma)} ${singleLow.code})`,
    );
    line(
      `      references that show more than one sign (scored above all the same): ${sheets.map((r) => `${r.code} ${fmt(r.luma)}: ${NOT_ONE_SIGN.get(r.code)}`).join("; ")}`,
    );
  }
  line(`(${results.length} compared in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return 0;
}

function summariseSeries(references) {
  const counts = new Map();
  for (const r of references) counts.set(seriesOf(r.code), (counts.get(seriesOf(r.code)) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
}

function summariseCategories(signs) {
  const counts = new Map();
  for (const s of signs) counts.set(s.category, (counts.get(s.category) ?? 0) + 1);
  return [...counts].map(([c, n]) => `${c}: ${n}`).join(", ");
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[bench:signs] broke: ${error.stack ?? error}`);
    process.exit(1);
  },
);
