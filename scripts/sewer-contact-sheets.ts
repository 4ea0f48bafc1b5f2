// `node --import tsx scripts/sewer-contact-sheets.ts [out-dir]`: one PNG per sewer symbol category
// (default /tmp/sewer-contact-sheets/<category>.png), every symbol large and at about the size it has on
// paper (a Ø425 well at 1:100 is 4 mm, some 48 px at 300 dpi), with its code and name, so a reviewer sees
// the whole catalogue at a glance: line weights, proportions and whether it reads small.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { renderSewerDefinitionSvg } from "../src/lib/signs/sewer/define";
import { SEWER_SYMBOL_DEFINITIONS } from "../src/lib/signs/sewer/index";
import { SEWER_SYMBOL_CATEGORIES } from "../src/lib/signs/types";
import { writeContactSheet } from "./contact-sheet";

const out = process.argv[2] ?? "/tmp/sewer-contact-sheets";

mkdirSync(out, { recursive: true });
for (const category of SEWER_SYMBOL_CATEGORIES) {
  const defs = SEWER_SYMBOL_DEFINITIONS.filter((d) => d.meta.category === category);
  const file = path.join(out, `${category}.png`);
  await writeContactSheet(
    file,
    category,
    defs.map((def) => ({
      svg: (options) => renderSewerDefinitionSvg(def, options),
      code: def.meta.code,
      name: def.meta.name,
      id: def.meta.id,
      size: def.meta.initialWidthInMeters ? `${def.meta.initialWidthInMeters} × ${def.meta.initialHeightInMeters} m` : "følger zoom",
    })),
  );
  console.log(file);
}
